import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { formatRelativeTime } from "@caravan/common";
import { setRenderingTime, useNow } from "./use-now";

const UPDATED = "2026-11-28T10:00:00.000Z";

function Updated() {
  return <p>{formatRelativeTime(UPDATED, useNow(5_000))}</p>;
}

afterEach(() => setRenderingTime(null));

describe("the time relative times are drawn for", () => {
  it("is the drawing's own on the server, so that the app's first drawing over the page can say the same", () => {
    setRenderingTime(new Date("2026-11-28T10:07:30.000Z"));
    expect(renderToString(<Updated />)).toContain("7 min ago");
    setRenderingTime(new Date("2026-11-28T12:00:00.000Z"));
    expect(renderToString(<Updated />)).toContain("2 hours ago");
  });
});
