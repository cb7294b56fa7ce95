import { Button, ChakraProvider } from "@chakra-ui/react";
import { CacheProvider } from "@emotion/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArrowRightIcon } from "../components/icons";
import { createEmotionCache } from "./emotion";
import { caravanSystem } from "./theme";

/** The CSS Emotion writes for a large button with a 16 px icon, where the button's recipe sizes icons at 20 px. */
function drawnCss(): string {
  const html = renderToString(
    <CacheProvider value={createEmotionCache()}>
      <ChakraProvider value={caravanSystem()}>
        <Button size="lg" fontWeight="600">
          Create Your Group
          <ArrowRightIcon boxSize="4" />
        </Button>
      </ChakraProvider>
    </CacheProvider>,
  );
  return [...html.matchAll(/<style data-emotion="css [^"]*"[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]).join("");
}

describe("Emotion's rules", () => {
  const css = drawnCss();

  it("are written outside any cascade layer", () => {
    expect(css).not.toContain("@layer");
    // The recipes' rules, in a block that changes nothing in the cascade.
    expect(css).toMatch(/@media all\{\.css-[\w-]+\{[^}]*display:-webkit-inline-box/);
  });

  it("let what a screen sets outrank the recipe, as the layer did: the icon's own size wins over the button's", () => {
    const icon = /((?:\.css-[\w-]+){5})\{[^}]*width:var\(--chakra-sizes-4\)/.exec(css);
    expect(icon).not.toBeNull();
    const recipeIcon = /@media all\{[^@]*?(\.css-[\w-]+) :where\(svg\)\{[^}]*width:var\(--chakra-sizes-5\)/.exec(css);
    expect(recipeIcon).not.toBeNull();
    // Five classes against one: the icon's width applies whatever the order of the rules.
    expect(icon![1]!.split(".").length - 1).toBe(5);
    expect(recipeIcon![1]!.split(".").length - 1).toBe(1);
    // The button's own settings outrank its recipe the same way.
    expect(css).toMatch(/(\.css-[\w-]+)\1\1\1\1\{[^}]*font-weight:600/);
  });
});
