import { createSystem, defaultBaseConfig, defineConfig, type SystemConfig, type SystemContext } from "@chakra-ui/react";
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
 * The app's system has each colour's light value alone: it writes no CSS (decision 24: the build-time stylesheet holds
 * every token's variable, in both modes), and a style prop names a token by its variable whatever its values. So a
 * semantic token's `{ _light, _dark }` becomes its light value here, and making the system costs what it did before
 * there was a dark mode. The stylesheet is made with both (caravanGlobalStyles).
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

const STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
type Scale = Record<(typeof STEPS)[number], string>;
const scale = (hexes: string): Scale => Object.fromEntries(hexes.split(" ").map((hex, i) => [STEPS[i], hex])) as Scale;

/**
 * Caravan's palette: a deep lagoon teal for the brand, a sunset coral for accents, warm neutrals for surfaces. Each
 * has a light scale and a dark one (darkMode below). A step means the same in both modes, as in Radix's scales: 50 the
 * faintest tint of a surface, 950 the strongest text, so that `bg="brand.50"` with `color="brand.700"` is a pale panel
 * with teal text in light mode and a deep teal panel with light teal text in dark mode. The light scales are also
 * tokens of their own, `fixed.<palette>.<step>`, for what keeps its colours in both modes (a section dark in either).
 */
const PALETTES = {
  brand: scale("#edfaf7 #d2f3ec #a8e6da #72d1c2 #3fb5a6 #22998b #177c72 #15645d #14504b #12423f #062725"),
  sunset: scale("#fff5ee #ffe7d5 #ffcaa9 #ffa673 #fb7f46 #f26122 #d94a14 #b33812 #8f2f16 #742915 #3f1208"),
  sand: scale("#fbfaf7 #f5f2ec #ebe6dc #dad3c5 #b3aa98 #8a816f #6b6352 #524b3e #39342b #26231d #16140f"),
};
type PaletteName = keyof typeof PALETTES;

const mapPalettes = <T>(each: (palette: PaletteName, step: (typeof STEPS)[number]) => T) =>
  Object.fromEntries(
    Object.keys(PALETTES).map((palette) => [
      palette,
      Object.fromEntries(STEPS.map((step) => [step, each(palette as PaletteName, step)])),
    ]),
  ) as Record<PaletteName, Record<(typeof STEPS)[number], T>>;

/** Each palette's steps as semantic tokens, light values (dark ones: darkMode). */
const SCALES = mapPalettes((palette, step) => ({ value: `{colors.fixed.${palette}.${step}}` }));

const config = defineConfig({
  globalCss: {
    html: {
      scrollBehavior: "smooth",
      scrollPaddingTop: "5rem",
      textSizeAdjust: "100%",
      // Scroll bars, form controls and the page behind everything in the mode's colours.
      colorScheme: "light",
      _dark: { colorScheme: "dark" },
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
        fixed: mapPalettes((palette, step) => ({ value: PALETTES[palette][step] })),
      },
      radii: {
        card: { value: "1.25rem" },
      },
    },
    semanticTokens: {
      colors: {
        sand: SCALES.sand,
        brand: {
          ...SCALES.brand,
          // Solid fills keep the light scale's 600 in both modes: white on it is 5.0:1.
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          subtle: { value: "{colors.brand.50}" },
          muted: { value: "{colors.brand.100}" },
          emphasized: { value: "{colors.brand.200}" },
          solid: { value: "{colors.fixed.brand.600}" },
          focusRing: { value: "{colors.brand.500}" },
          border: { value: "{colors.brand.500}" },
        },
        sunset: {
          ...SCALES.sunset,
          contrast: { value: "white" },
          fg: { value: "{colors.sunset.700}" },
          subtle: { value: "{colors.sunset.50}" },
          muted: { value: "{colors.sunset.100}" },
          emphasized: { value: "{colors.sunset.200}" },
          solid: { value: "{colors.fixed.sunset.600}" },
          focusRing: { value: "{colors.sunset.500}" },
          border: { value: "{colors.sunset.500}" },
        },
        surface: {
          page: { value: "{colors.sand.50}" },
          raised: { value: "{colors.white}" },
          sunken: { value: "{colors.sand.100}" },
        },
        ink: {
          DEFAULT: { value: "{colors.brand.950}" },
          muted: { value: "{colors.sand.600}" },
        },
        // Chakra's, for their dark values (darkMode).
        bg: {
          DEFAULT: { value: "{colors.white}" },
          panel: { value: "{colors.white}" },
        },
        // Chakra's subtle text (gray.400) reads at about 2.5:1 on white; text needs 4.5:1. sand.600 has 5.9:1 on
        // white and 5.6:1 on the page background (sand.50); in dark mode 7.0:1 on a raised surface.
        fg: {
          subtle: { value: "{colors.sand.600}" },
        },
        // White on Chakra's solid green (green.600) is 3.3:1; on green.700 it is 5.0:1, in both modes.
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

/**
 * Caravan's colours in dark mode, by token: the dark scales, and the surfaces and shadows that are not a step of one.
 * Only the build-time stylesheet reads them (caravanGlobalStyles), so the app's code does not carry them.
 */
function darkMode(): Record<string, string> {
  const scales: Record<PaletteName, Scale> = {
    brand: scale("#0a2321 #0e302c #14413c #1a5750 #217168 #2a9385 #3fb5a6 #72d1c2 #a8e6da #d2f3ec #edfaf7"),
    sunset: scale("#2a1209 #3d1a0c #5a2710 #823716 #b0491b #e85d20 #fb7f46 #ffa673 #ffcaa9 #ffe7d5 #fff5ee"),
    sand: scale("#161410 #221f1a #2f2b24 #423d33 #5f584b #857c6b #aea592 #cbc4b4 #e1dbce #f0ece4 #faf8f4"),
  };
  // A surface raised above the page: between the page (sand.50) and sand.100.
  const raised = "#1e1b17";
  return {
    ...Object.fromEntries(
      (Object.keys(scales) as PaletteName[]).flatMap((palette) =>
        STEPS.map((step) => [`colors.${palette}.${step}`, scales[palette][step]]),
      ),
    ),
    "colors.surface.raised": raised,
    // Chakra's page and panels are gray in dark mode (black, gray.950): Caravan's are the warm sand.
    "colors.bg.DEFAULT": "{colors.sand.50}",
    "colors.bg.panel": raised,
    "shadows.card": "0 1px 2px rgba(0, 0, 0, 0.4), 0 8px 24px -12px rgba(0, 0, 0, 0.6)",
    "shadows.lift": "0 2px 4px rgba(0, 0, 0, 0.4), 0 18px 40px -16px rgba(0, 0, 0, 0.7)",
  };
}

/** `config` with a semantic token's value for each of `dark` as its `_dark` value (and `_light`, the one it had). */
function withDarkMode(config: SystemConfig, dark: Record<string, string>): SystemConfig {
  const semantic = structuredClone(config.theme?.semanticTokens ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, value] of Object.entries(dark)) {
    const [category, ...names] = path.split(".");
    let node: Record<string, unknown> = (semantic[category!] ??= {});
    for (const name of names) node = (node[name] ??= {}) as Record<string, unknown>;
    if (typeof node.value !== "string") throw new Error(`${path} has no light value to pair with its dark one`);
    node.value = { _light: node.value, _dark: value };
  }
  return { ...config, theme: { ...config.theme, semanticTokens: semantic } };
}

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
  // Chakra's own tokens with their dark values, and Caravan's.
  const chakraBothModes = {
    ...chakraTheme,
    theme: {
      ...chakraTheme.theme,
      semanticTokens: { ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) },
    },
  };
  const system = createSystem(defaultBaseConfig, chakraBothModes, withDarkMode(config, darkMode()));
  return [system.layers.atRule, system.getPreflightCss(), system.getGlobalCss(), system.getTokenCss()];
}
