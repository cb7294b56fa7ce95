import {
  DESTINATION_TEXTS,
  SHARE_ARRIVED_METERS,
  SHARE_DESTINATION_TEXTS,
  distanceKm,
  formatDistance,
  formatEta,
} from "@caravan/common";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, horizontalOverflow, screenshot, shot, signUpViaApi, useE2E } from "./harness.js";
import { gone, visible } from "./ui.js";

const e2e = useE2E();

/** A few kilometres north of Annecy. */
const ON_THE_ROAD = { latitude: 45.95, longitude: 6.1294 };

async function chooseDestination(page: Page, query: string, name: string) {
  const search = page.getByTestId("destination-dialog");
  await search.getByLabel(DESTINATION_TEXTS.placeholder).fill(query);
  const result = search.getByTestId("destination-results").getByRole("button").filter({ hasText: name }).first();
  // The search is debounced and answered by the server: allow for a busy machine.
  await result.waitFor({ state: "visible", timeout: 30_000 });
  await result.click();
  await gone(search);
}

describe("a shared trip's destination", () => {
  it(
    "the sharer names it in the dialog; the watcher sees the distance, an ETA at the reported speed, then Arrived",
    { timeout: 120_000 },
    async () => {
      const sharer = await signUpViaApi(e2e(), { firstName: "Maya", lastName: "Ramos" });
      const page = await e2e().signedInPage(sharer);
      await page.goto("/");
      await page.getByRole("button", { name: "Share Trip", exact: true }).click();
      const dialog = page.getByTestId("share-trip-dialog");
      await visible(dialog.getByRole("heading", { name: "Share Your Trip" }));
      await dialog.getByRole("button", { name: SHARE_DESTINATION_TEXTS.choose }).click();
      await chooseDestination(page, "Annecy", "Annecy");
      await visible(dialog.getByTestId("share-destination-choice").getByText("Annecy", { exact: true }));
      await shot(dialog, "share-destination-dialog");
      await dialog.getByRole("button", { name: "Create Share Link" }).click();
      const link = await dialog.getByTestId("share-link").inputValue();
      const token = new URL(link).pathname.split("/").pop()!;

      const client = e2e().app.client();
      await client.post("/api/auth/signin", { email: sharer.email, password: sharer.password });
      const path = `/api/shared-trips/${token}/locations`;
      expect((await client.post(path, { ...ON_THE_ROAD, speed: 12 })).status).toBe(201);

      const watcher = await e2e().newPage();
      await watcher.goto(`/shared/${token}`);
      const status = watcher.getByTestId("share-destination");
      await visible(status.getByText(SHARE_DESTINATION_TEXTS.headingTo("Annecy")));
      const { destination } = (await e2e().app.client().get(`/api/shared-trips/${token}`)).body;
      const meters = distanceKm(ON_THE_ROAD, destination) * 1000;
      expect(meters).toBeGreaterThan(SHARE_ARRIVED_METERS);
      expect(await status.getByTestId("share-distance").innerText()).toBe(
        SHARE_DESTINATION_TEXTS.away(formatDistance(meters / 1000)),
      );
      expect(await status.getByTestId("share-eta").innerText()).toBe(
        `· ${SHARE_DESTINATION_TEXTS.eta(formatEta(meters, 12))}`,
      );
      await screenshot(watcher, "share-destination-on-the-road-desktop");

      // Stopped in town: no ETA without a speed, and within 300 m the watcher reads Arrived, without a reload.
      const inTown = { latitude: destination.latitude + 0.0005, longitude: destination.longitude }; // about 55 m
      expect((await client.post(path, inTown)).status).toBe(201);
      await visible(status.getByTestId("share-arrived"));
      expect(await status.getByTestId("share-distance").count()).toBe(0);
      await shot(status, "share-destination-arrived");

      for (const width of [PHONE.width, 320]) {
        const phone = await e2e().newPage({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });
        await phone.goto(`/shared/${token}`);
        await visible(phone.getByTestId("share-arrived"));
        expect(await horizontalOverflow(phone)).toBe(0);
        await screenshot(phone, `share-destination-arrived-${width}`);
      }
    },
  );
});
