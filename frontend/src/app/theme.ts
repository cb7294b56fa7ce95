import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

const fallbackSans = `ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif`;

/** Caravan's palette: a deep lagoon teal for the brand, a sunset coral for accents, warm neutrals for surfaces. */
const config = defineConfig({
  globalCss: {
    html: {
      scrollBehavior: "smooth",
      scrollPaddingTop: "5rem",
      textSizeAdjust: "100%",
      _motionReduce: { scrollBehavior: "auto" },
    },
    body: { bg: "bg", color: "fg", fontFeatureSettings: '"cv11", "ss01"', overflowX: "hidden" },
    "::selection": { bg: "brand.200" },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: `"Plus Jakarta Sans Variable", ${fallbackSans}` },
        body: { value: `"Inter Variable", ${fallbackSans}` },
      },
      colors: {
        brand: {
          50: { value: "#edfaf7" },
          100: { value: "#d2f3ec" },
          200: { value: "#a8e6da" },
          300: { value: "#72d1c2" },
          400: { value: "#3fb5a6" },
          500: { value: "#22998b" },
          600: { value: "#177c72" },
          700: { value: "#15645d" },
          800: { value: "#14504b" },
          900: { value: "#12423f" },
          950: { value: "#062725" },
        },
        sunset: {
          50: { value: "#fff5ee" },
          100: { value: "#ffe7d5" },
          200: { value: "#ffcaa9" },
          300: { value: "#ffa673" },
          400: { value: "#fb7f46" },
          500: { value: "#f26122" },
          600: { value: "#d94a14" },
          700: { value: "#b33812" },
          800: { value: "#8f2f16" },
          900: { value: "#742915" },
          950: { value: "#3f1208" },
        },
        sand: {
          50: { value: "#fbfaf7" },
          100: { value: "#f5f2ec" },
          200: { value: "#ebe6dc" },
          300: { value: "#dad3c5" },
          400: { value: "#b3aa98" },
          500: { value: "#8a816f" },
          600: { value: "#6b6352" },
          700: { value: "#524b3e" },
          800: { value: "#39342b" },
          900: { value: "#26231d" },
          950: { value: "#16140f" },
        },
      },
      radii: {
        card: { value: "1.25rem" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          subtle: { value: "{colors.brand.50}" },
          muted: { value: "{colors.brand.100}" },
          emphasized: { value: "{colors.brand.200}" },
          solid: { value: "{colors.brand.600}" },
          focusRing: { value: "{colors.brand.500}" },
          border: { value: "{colors.brand.500}" },
        },
        sunset: {
          contrast: { value: "white" },
          fg: { value: "{colors.sunset.700}" },
          subtle: { value: "{colors.sunset.50}" },
          muted: { value: "{colors.sunset.100}" },
          emphasized: { value: "{colors.sunset.200}" },
          solid: { value: "{colors.sunset.600}" },
          focusRing: { value: "{colors.sunset.500}" },
          border: { value: "{colors.sunset.500}" },
        },
        surface: {
          page: { value: "{colors.sand.50}" },
          raised: { value: "white" },
          sunken: { value: "{colors.sand.100}" },
        },
        ink: {
          DEFAULT: { value: "{colors.brand.950}" },
          muted: { value: "{colors.sand.600}" },
        },
      },
      shadows: {
        card: { value: "0 1px 2px rgba(6, 39, 37, 0.06), 0 8px 24px -12px rgba(6, 39, 37, 0.18)" },
        lift: { value: "0 2px 4px rgba(6, 39, 37, 0.06), 0 18px 40px -16px rgba(6, 39, 37, 0.28)" },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
