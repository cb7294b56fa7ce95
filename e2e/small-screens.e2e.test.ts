import { GROUP_TEXTS, LOCATION_TEXTS } from "@caravan/common";
import { describe, expect, it } from "vitest";
import { groupWithMember, screenshot, signUpViaApi, useE2E } from "./harness";
import { axeViolations, visible } from "./ui";

const e2e = useE2E();

/** WCAG 2.2's target size (at least 24 px, or spaced as much) and a visible label being part of the spoken name. */
const RULES = ["target-size", "label-content-name-mismatch"];

const NARROW = { width: 320, height: 640 } as const;

describe("on a 320 px phone", () => {
  it("every control of the dashboard and the group page is big enough to tap and named by what it shows", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Lena", lastName: "Moreau" });
    const member = await signUpViaApi(e2e(), { firstName: "Oskar", lastName: "Berg" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Annecy lakes", status: "active" });
    for (const [user, latitude, longitude] of [
      [owner, 45.8992, 6.1294],
      [member, 45.9001, 6.1402],
    ] as const) {
      const client = e2e().app.client();
      await client.post("/api/auth/signin", { email: user.email, password: user.password });
      expect((await client.post(`/api/groups/${groupId}/locations`, { latitude, longitude })).status).toBe(200);
    }
    const page = await e2e().signedInPage(owner, { viewport: NARROW, isMobile: true, hasTouch: true });

    await page.goto("/");
    await visible(page.getByRole("link", { name: new RegExp(GROUP_TEXTS.viewGroup) }));
    expect(await axeViolations(page, "body", RULES)).toEqual([]);

    await page.goto(`/groups/${groupId}`);
    await expect.poll(() => page.locator(".caravan-marker").count()).toBe(2);
    await visible(page.locator(".leaflet-control-attribution a").first());
    expect(await axeViolations(page, "body", RULES)).toEqual([]);
    await screenshot(page, "group-320", false);

    // The dialog's title keeps clear of its close button.
    await page.getByRole("button", { name: LOCATION_TEXTS.updateButton, exact: true }).click();
    const dialog = page.getByTestId("location-dialog");
    const title = dialog.getByRole("heading", { name: LOCATION_TEXTS.dialogTitle });
    await visible(title);
    const close = await dialog.getByRole("button", { name: "Close" }).boundingBox();
    // The boxes of the title's words, line by line (the heading's own box spans the dialog's width).
    const lines = await title.evaluate((heading) => {
      const range = document.createRange();
      range.selectNodeContents(heading);
      return [...range.getClientRects()].map(({ x, y, width, height }) => ({ x, y, width, height }));
    });
    const overlaps = lines.some(
      (line) =>
        line.x < close!.x + close!.width &&
        close!.x < line.x + line.width &&
        line.y < close!.y + close!.height &&
        close!.y < line.y + line.height,
    );
    expect(overlaps).toBe(false);
    await screenshot(page, "location-dialog-320", false);
  });
});
