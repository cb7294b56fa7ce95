import { TRACKER_TEXTS } from "@caravan/common";
import jsQR from "jsqr";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { groupWithMember, screenshot, signUpViaApi, useE2E } from "./harness";
import { toast, visible } from "./ui";

const e2e = useE2E();

/** Decodes the QR code drawn in a canvas, as a phone's camera would read it. */
async function readQr(canvas: Locator): Promise<string> {
  const { width, height, pixels } = await canvas.evaluate((el: HTMLCanvasElement) => {
    const data = el.getContext("2d")!.getImageData(0, 0, el.width, el.height).data;
    return { width: el.width, height: el.height, pixels: Array.from(data) };
  });
  const code = jsQR(Uint8ClampedArray.from(pixels), width, height);
  if (!code) {
    throw new Error(`no QR code found in ${width}x${height}, ${new Set(pixels).size} distinct channel values`);
  }
  return code.data;
}

async function markerBox(page: Page, name: string) {
  const marker = page.getByTestId("map").locator(`.leaflet-marker-icon[title="${name}"]`);
  await visible(marker);
  return (await marker.boundingBox())!;
}

/** Waits until the marker has left where it was: the page moved it without a reload. */
async function expectMarkerMoved(page: Page, name: string, before: { x: number; y: number }) {
  await expect
    .poll(async () => {
      const box = await markerBox(page, name);
      return Math.hypot(box.x - before.x, box.y - before.y);
    })
    .toBeGreaterThan(5);
}

const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe("tracker apps", () => {
  it("sets a tracker up from its QR codes; OsmAnd points move the marker on a share page and the group map", async () => {
    const maya = await signUpViaApi(e2e(), { firstName: "Maya", lastName: "Ramos" });
    const jon = await signUpViaApi(e2e(), { firstName: "Jon", lastName: "Ito" });
    const groupId = await groupWithMember(e2e(), maya, jon, { name: "Lisbon crew", status: "active" });
    const page = await e2e().signedInPage(maya);
    await page.goto("/");
    await page.getByRole("button", { name: "Open user menu" }).click();
    await page.getByRole("menuitem", { name: TRACKER_TEXTS.sectionTitle }).click();
    const dialog = page.getByTestId("tracker-apps-dialog");
    await visible(dialog.getByText(TRACKER_TEXTS.privacy));
    await visible(dialog.getByText(TRACKER_TEXTS.none));
    await dialog.getByLabel(TRACKER_TEXTS.nameLabel).fill("Maya's Pixel");
    await dialog.getByRole("button", { name: TRACKER_TEXTS.add, exact: true }).click();
    await toast(page, TRACKER_TEXTS.created);

    const token = (await visible(dialog.getByTestId("tracker-token"))).textContent();
    const tokenText = (await token)!;
    expect(tokenText).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const osmandUrl = (await dialog.getByTestId("url-osmand").textContent())!;
    expect(osmandUrl).toBe(`${e2e().baseUrl}/api/ingest/osmand?id=${tokenText}`);
    expect(await readQr(dialog.getByTestId("qr-osmand").locator("canvas"))).toBe(osmandUrl);
    const owntracksQr = await readQr(dialog.getByTestId("qr-owntracks").locator("canvas"));
    expect(owntracksQr.startsWith("owntracks:///config?inline=")).toBe(true);
    const config = JSON.parse(Buffer.from(owntracksQr.split("inline=")[1]!, "base64").toString("utf8"));
    expect(config).toMatchObject({
      _type: "configuration",
      mode: 3,
      url: `${e2e().baseUrl}/api/ingest/owntracks`,
      auth: true,
      password: tokenText,
    });
    for (const setting of [...TRACKER_TEXTS.owntracksSettings, ...TRACKER_TEXTS.osmandSettings]) {
      await visible(dialog.getByText(setting, { exact: true }));
    }
    await visible(dialog.getByTestId("tracker-row").getByText(TRACKER_TEXTS.neverSeen));
    await screenshot(page, "trackers-dialog-1280", false);
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await dialog.evaluate((el) => el.getBoundingClientRect().right - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `trackers-dialog-${width}`, false);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press("Escape");

    // A live share, and tracker sharing switched on in the group from the group page.
    const share = await page.evaluate(async () => {
      const res = await fetch("/api/shared-trips", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ durationHours: 2 }),
      });
      return (await res.json()) as { shareToken: string };
    });
    await page.goto(`/groups/${groupId}`);
    const sharingSwitch = page.getByTestId("tracker-sharing");
    await visible(sharingSwitch.getByText(TRACKER_TEXTS.fromTracker));
    // The switch shows its new state at once; points count for the group only once the server has it.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/groups/${groupId}/tracker-sharing`) && r.request().method() === "PUT",
    );
    await sharingSwitch.click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => sharingSwitch.locator("input").isChecked()).toBe(true);

    const watcher = await e2e().newPage();
    await watcher.goto(`/shared/${share.shareToken}`);
    await visible(watcher.getByTestId("share-waiting"));
    const jonPage = await e2e().signedInPage(jon);
    await jonPage.goto(`/groups/${groupId}`);
    await visible(jonPage.getByTestId("group-locations"));

    // The OsmAnd shape: the URL from the QR code with the app's fields appended; speed in knots.
    const send = async (lat: number, lon: number) => {
      const res = await fetch(
        `${osmandUrl}&lat=${lat}&lon=${lon}&timestamp=${Math.floor(Date.now() / 1000)}&hdop=6.0&altitude=30&speed=10&accuracy=25&batt=71`,
      );
      expect(res.status).toBe(200);
    };
    await send(38.7223, -9.1393);
    const shareBefore = await markerBox(watcher, "Maya Ramos");
    const groupBefore = await markerBox(jonPage, "Maya Ramos");
    await visible(watcher.getByTestId("share-source").getByText(TRACKER_TEXTS.sourceApp));
    expect(await watcher.getByTestId("share-speed").textContent()).toBe("19 km/h");
    expect(await watcher.getByTestId("share-accuracy").textContent()).toBe("±25 m");
    await expect.poll(() => watcher.locator(".accuracy-circle").count()).toBe(1);

    await nextSecond();
    // About 110 m: the marker moves inside the frame rather than the map re-centring on it.
    await send(38.723, -9.1383);
    await expectMarkerMoved(watcher, "Maya Ramos", shareBefore);
    await expectMarkerMoved(jonPage, "Maya Ramos", groupBefore);
    for (const [p, name] of [
      [watcher, "share"],
      [jonPage, "group"],
    ] as const) {
      await screenshot(p, `trackers-${name}-1280`);
      for (const width of [360, 320]) {
        await p.setViewportSize({ width, height: 800 });
        await screenshot(p, `trackers-${name}-${width}`);
      }
    }

    // Her own group page says when the tracker last reported, with its battery; the dashboard names the feeder.
    await page.reload();
    await visible(page.getByTestId("tracker-sharing-status").getByText(/Battery 71%/));
    await page.goto("/");
    await visible(page.getByTestId("share-fed-by").getByText(TRACKER_TEXTS.fedBy("Maya's Pixel")));
    await screenshot(page, "trackers-dashboard-1280");
  }, 180_000);
});
