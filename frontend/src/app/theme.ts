import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from "@chakra-ui/react";
import { nextTask } from "../lib/browser";
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  datePickerSlotRecipe,
  dialogSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from "@chakra-ui/react/theme";

/**
 * Chakra's palettes that neither Caravan's screens nor the recipes below use (alerts and toasts colour by status:
 * blue, green, orange, red). Each palette costs CSS variables that the system computes as the page starts.
 */
const UNUSED_PALETTES = new Set(["teal", "cyan", "pink", "yellow"]);

const withoutUnusedPalettes = <T extends object>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;

/**
 * Caravan has no dark mode: a semantic token's `{ _light, _dark }` becomes its light value, so no variables are
 * made for a `.dark` class that nothing sets.
 */
function lightOnly<T>(node: T): T {
  if (node === null || typeof node !== "object") return node;
  const value = (node as { value?: unknown }).value;
  if (value !== null && typeof value === "object" && "_light" in value) {
    return { ...node, value: (value as { _light: unknown })._light };
  }
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, lightOnly(child)])) as T;
}

/**
 * Chakra's default theme with the recipes of the components Caravan uses, and no others. The full set (about 60
 * components) is the largest part of the UI library and would be loaded with the first page. A component whose
 * recipe is missing here renders unstyled: add its recipe when you start using one.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
    semanticTokens: lightOnly({ ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: { ...containerRecipe, base: { ...containerRecipe.base, px: { base: "4", md: "6" } } },
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      datePicker: datePickerSlotRecipe,
      dialog: dialogSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      switch: switchSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

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
        // Chakra's subtle text (gray.400) reads at about 2.5:1 on white; text needs 4.5:1. sand.600 has 5.9:1 on
        // white and 5.6:1 on the page background (sand.50).
        fg: {
          subtle: { value: "{colors.sand.600}" },
        },
        // White on Chakra's solid green (green.600) is 3.3:1; on green.700 it is 5.0:1.
        green: {
          solid: { value: "{colors.green.700}" },
        },
      },
      shadows: {
        card: { value: "0 1px 2px rgba(6, 39, 37, 0.06), 0 8px 24px -12px rgba(6, 39, 37, 0.18)" },
        lift: { value: "0 2px 4px rgba(6, 39, 37, 0.06), 0 18px 40px -16px rgba(6, 39, 37, 0.28)" },
      },
    },
  },
});

let made: SystemContext | undefined;

const withoutGlobal = (system: SystemContext): SystemContext =>
  Object.defineProperty(system, "_global", { value: [], enumerable: true });

/**
 * Caravan's Chakra system, made the first time it is asked for (or by `makeCaravanSystem`). Making it (its tokens and
 * their CSS variables) is the largest single piece of the app's start-up work, about 20 ms on a laptop and four times
 * that on a mid-range phone.
 *
 * Its global styles (the reset, the global CSS and every token's variable) are not inserted by the provider: the
 * build writes them into the app's stylesheet from `caravanGlobalStyles` (build/chakra-global.ts), and the built app
 * never computes them (`_global` is left for the provider to find empty).
 */
export function caravanSystem(): SystemContext {
  made ??= withoutGlobal(createSystem(defaultBaseConfig, chakraTheme, config));
  return made;
}

/** The browser build's `createSystem` (build/chakra-global.ts) also makes a system one step at a time. */
type CreateSystem = typeof createSystem & {
  inSteps?: (...configs: Parameters<typeof createSystem>) => Generator<void, SystemContext>;
};

/**
 * Makes Caravan's system as the app starts (start.tsx), in several tasks rather than one: the browser may paint or
 * answer a tap between them, and none is long enough to hold a phone's main thread. Where `createSystem` has no steps
 * (Node, the tests), it is made at once.
 */
export async function makeCaravanSystem(): Promise<SystemContext> {
  const inSteps = (createSystem as CreateSystem).inSteps;
  if (made || !inSteps) return caravanSystem();
  const steps = inSteps(defaultBaseConfig, chakraTheme, config);
  for (let next = steps.next(); ; next = steps.next()) {
    if (next.done) return (made ??= withoutGlobal(next.value));
    await nextTask();
  }
}

/** What the stylesheet of the theme's global styles holds, in order: the layers' order first. */
export function caravanGlobalStyles(): (string | Record<string, unknown>)[] {
  const system = createSystem(defaultBaseConfig, chakraTheme, config);
  return [system.layers.atRule, system.getPreflightCss(), system.getGlobalCss(), system.getTokenCss()];
}
