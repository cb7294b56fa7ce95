import { afterEach, describe, expect, it, vi } from "vitest";

describe("group dates", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("make no date format as their module loads, one on first use, and reuse it", async () => {
    const Real = Intl.DateTimeFormat;
    const made: unknown[][] = [];
    vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (...args: ConstructorParameters<typeof Real>) {
      made.push(args);
      return new Real(...args);
    } as typeof Real);
    const dates = await import("./dates");
    expect(made).toEqual([]);

    const first = dates.formatDay("2027-06-01T12:00:00.000Z");
    expect(dates.formatDay("2027-06-21T12:00:00.000Z")).not.toBe(first);
    expect(made).toEqual([[undefined, { dateStyle: "medium", timeZone: "UTC" }]]);
    expect(first).toBe(
      new Real(undefined, { dateStyle: "medium", timeZone: "UTC" }).format(new Date("2027-06-01T12:00:00.000Z")),
    );
  });
});
