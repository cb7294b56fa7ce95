import { QueryClient } from "@tanstack/react-query";
import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyWithQueries } from "./lazy-with-queries";
import { RenderingQueries } from "./query-layer";

/** A part drawn on the server (these tests run as the server's build does), inside a boundary that shows "waiting". */
const draw = (Part: React.ComponentType) =>
  renderToString(
    <RenderingQueries.Provider value={new QueryClient()}>
      <Suspense fallback={<p>waiting</p>}>
        <Part />
      </Suspense>
    </RenderingQueries.Provider>,
  );

describe("a lazily loaded part", () => {
  it("draws in the render that meets it once its code is here, where a settled promise would still suspend", async () => {
    const Page = lazyWithQueries(() => Promise.resolve(() => <p>the page</p>), { serverRendered: true });
    await Page.preload();
    expect(draw(Page)).toContain("the page");
    expect(draw(Page)).not.toContain("waiting");
  });

  it("that the server draws is loaded there when asked, and drawn by the app alone otherwise", async () => {
    let asked = 0;
    const Menu = lazyWithQueries(() => {
      asked += 1;
      return Promise.resolve(() => <p>the menu</p>);
    });
    // Met in a drawing, a part of the app's own is never loaded there: its fallback is sent, for the app to draw it.
    expect(draw(Menu)).toContain("waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(draw(Menu)).toContain("waiting");
    expect(asked).toBe(0);
  });
});
