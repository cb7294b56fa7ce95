import {
  GROUP_AUTO_UPDATE_MS,
  GROUP_TRACKING_MIN_SEND_GAP_MS,
  LOCATION_TEXTS,
  PRIVACY,
  TOASTS,
  VALIDATION,
  distanceKm,
  formatDistance,
  MAP,
  type GroupLocation,
  type MapPlace,
} from "@caravan/common";
import type { BrowserContext, Locator, Page, Request, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { GroupMembership, User, UserLocation } from "../backend/src/db/entities/index.js";
import { PHONE, elementShot, horizontalOverflow, screenshot, signUpViaApi, useE2E, type TestUser } from "./harness.js";
import { axeViolations, expectUrl, gone, subscriptionAnswered, toast, visible } from "./ui.js";

// No TILE_URL: the map must still show where everyone is from the bundled world outlines alone.
const e2e = useE2E();

const CHAMONIX = {
  name: "Chamonix-Mont-Blanc",
  address: "74400 Chamonix, France",
  latitude: 45.9237,
  longitude: 6.8694,
};
const ANNECY = { latitude: 45.8992, longitude: 6.1294 };
const GENEVA = { latitude: 46.2044, longitude: 6.1432 };
const LYON = { latitude: 45.764, longitude: 4.8357 };

/** Long enough for more than one of auto-tracking's position checks (every 5 s) to have been due. */
const MORE_THAN_ONE_CHECK_MS = GROUP_AUTO_UPDATE_MS + 1_500;

/** How a member's marker gives its position (MapView's data-position). */
const positionText = (p: { latitude: number; longitude: number }) =>
  `${p.latitude.toFixed(5)},${p.longitude.toFixed(5)}`;

async function idOf(user: TestUser): Promise<string> {
  return (await e2e().app.db.getRepository(User).findOneByOrFail({ email: user.email })).id;
}

async function signedInClient(user: TestUser) {
  const client = e2e().app.client();
  await client.post("/api/auth/signin", { email: user.email, password: user.password });
  return client;
}

/**
 * A group with Chamonix as its destination (or none, with `toChamonix` false), owned by `owner`, with `members`
 * seeded straight into it.
 */
async function groupToChamonix(owner: TestUser, members: TestUser[] = [], toChamonix = true): Promise<number> {
  const destination = {
    destinationName: CHAMONIX.name,
    destinationAddress: CHAMONIX.address,
    destinationLatitude: CHAMONIX.latitude,
    destinationLongitude: CHAMONIX.longitude,
  };
  const res = await (
    await signedInClient(owner)
  ).post("/api/groups", {
    name: "Mont Blanc weekend",
    description: "Meet in Chamonix",
    status: "active",
    ...(toChamonix ? destination : {}),
  });
  if (res.status !== 201) throw new Error(`group creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  const groupId = res.body.id as number;
  for (const m of members) {
    await e2e()
      .app.db.getRepository(GroupMembership)
      .insert({ groupId, userId: await idOf(m), role: "member" });
  }
  return groupId;
}

/**
 * A group heading to Annecy with a member of each first name (the first owns it; all share `lastName`), and the
 * gazetteer's own point for Annecy: where its name is drawn, a kilometre north of the lake shore.
 */
async function groupToAnnecy(name: string, lastName: string, firstNames: string[]) {
  const users: TestUser[] = [];
  for (const firstName of firstNames) users.push(await signUpViaApi(e2e(), { firstName, lastName }));
  const [owner, ...others] = users;
  const client = await signedInClient(owner!);
  const places = await client.get<MapPlace[]>("/api/places/map?south=45.7&west=5.9&north=46.1&east=6.4");
  const town = places.body.find((p) => p.name === "Annecy")!;
  const res = await client.post("/api/groups", {
    name,
    status: "active",
    destinationName: "Annecy",
    destinationLatitude: ANNECY.latitude,
    destinationLongitude: ANNECY.longitude,
  });
  expect(res.status).toBe(201);
  const groupId = res.body.id as number;
  for (const m of others) {
    await e2e()
      .app.db.getRepository(GroupMembership)
      .insert({ groupId, userId: await idOf(m), role: "member" });
  }
  return { owner: owner!, others, town, groupId };
}

async function shareViaApi(user: TestUser, groupId: number, body: Record<string, unknown>): Promise<GroupLocation> {
  const res = await (await signedInClient(user)).post(`/api/groups/${groupId}/locations`, body);
  if (res.status !== 200) throw new Error(`location update failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function storedLocation(user: TestUser, groupId: number) {
  return e2e()
    .app.db.getRepository(UserLocation)
    .findOneBy({ groupId, userId: await idOf(user) });
}

async function openGroup(page: Page, groupId: number): Promise<Locator> {
  await page.goto(`/groups/${groupId}`);
  const card = page.getByTestId("group-locations");
  await visible(card.getByRole("heading", { name: LOCATION_TEXTS.cardTitle }));
  return card;
}

/** The map is drawn once the offline outlines are on it (canvas in its own pane) and every marker is placed. */
async function mapReady(scope: Locator | Page, markers: number): Promise<Locator> {
  const map = scope.locator(".caravan-map");
  await visible(map);
  await expect.poll(() => map.getAttribute("data-world"), { timeout: 15_000 }).toBe("ready");
  await visible(map.locator(".leaflet-caravan-world-pane canvas"));
  await expect.poll(() => map.locator(".caravan-marker").count()).toBe(markers);
  return map;
}

async function openDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: LOCATION_TEXTS.updateButton, exact: true }).click();
  const dialog = page.getByTestId("location-dialog");
  await visible(dialog.getByRole("heading", { name: LOCATION_TEXTS.dialogTitle }));
  return dialog;
}

const row = (page: Page, name: string) => page.getByTestId("member-status-row").filter({ hasText: name });
const rowText = async (page: Page, name: string) => (await row(page, name).innerText()).replace(/\s+/g, " ");
const distanceText = (p: { latitude: number; longitude: number }) => formatDistance(distanceKm(p, CHAMONIX));

async function grantLocation(context: BrowserContext, at: { latitude: number; longitude: number }) {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(at);
}

/** Chromium's own 'Block' answer for this origin, as a user would set it in the site settings. */
async function denyLocation(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send("Target.getTargetInfo");
  await cdp.send("Browser.setPermission", {
    permission: { name: "geolocation" },
    setting: "denied",
    origin: e2e().baseUrl,
    ...(targetInfo.browserContextId ? { browserContextId: targetInfo.browserContextId } : {}),
  });
}

describe("group locations", () => {
  it("frames the members clear of the zoom buttons and the credit line on 320 and 360 px phones", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Ada", lastName: "Lovelace" });
    const others = [
      await signUpViaApi(e2e(), { firstName: "Tomas", lastName: "Berg" }),
      await signUpViaApi(e2e(), { firstName: "Ines", lastName: "Marchetti" }),
      await signUpViaApi(e2e(), { firstName: "Rui", lastName: "Costa" }),
    ];
    // No destination: the map frames the members alone.
    const groupId = await groupToChamonix(owner, others, false);
    // Around Paris, one member to the north-west: the corner the zoom buttons take.
    const places = [
      [48.8606, 2.3376],
      [48.8848, 2.2694],
      [48.8163, 2.3614],
      [48.8462, 2.4372],
    ] as const;
    for (const [i, user] of [owner, ...others].entries()) {
      const [latitude, longitude] = places[i]!;
      await shareViaApi(user, groupId, { latitude, longitude, address: null, notes: null });
    }
    for (const width of [320, 360]) {
      const page = await e2e().signedInPage(owner, {
        viewport: { width, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      const card = await openGroup(page, groupId);
      const map = await mapReady(card, 4);
      const boxes = async (selector: string) =>
        (await map.locator(selector).all()).map(async (l) => (await l.boundingBox())!);
      const covering = [
        ...(await Promise.all(await boxes(".leaflet-control-zoom"))),
        ...(await Promise.all(await boxes(".leaflet-control-attribution"))),
      ];
      const members = await Promise.all(await boxes(".caravan-member"));
      expect(members).toHaveLength(4);
      const overlaps = members.filter((m) =>
        covering.some(
          (c) => m.x < c.x + c.width && c.x < m.x + m.width && m.y < c.y + c.height && c.y < m.y + m.height,
        ),
      );
      expect(overlaps, `${width} px`).toEqual([]);
      // Opaque, the credit line is judged as Lighthouse judges text: its links must stand out by more than colour.
      expect(
        await axeViolations(page, ".leaflet-control-attribution", ["link-in-text-block", "color-contrast"]),
      ).toEqual([]);
      await page.context().close();
    }
  });

  it("shows every member on the offline map and in Member Status with distances to the destination", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const milo = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const quiet = await signUpViaApi(e2e(), { firstName: "Quinn", lastName: "Quiet" });
    const groupId = await groupToChamonix(owner, [milo, quiet]);
    await shareViaApi(owner, groupId, { ...ANNECY, address: "Quai de l'Évêché, Annecy", notes: "Lunch by the lake" });
    await shareViaApi(milo, groupId, { ...GENEVA, address: null, notes: null });

    const page = await e2e().signedInPage(owner);
    const card = await openGroup(page, groupId);
    const map = await mapReady(card, 3);
    // The outline was decoded by the world worker, not on the page's main thread, and the country is named.
    expect(page.workers().map((w) => new URL(w.url()).pathname)).toContainEqual(
      expect.stringMatching(/^\/assets\/world\.worker-[\w-]+\.js$/),
    );
    await expect.poll(() => map.locator(".caravan-country-label").allTextContents()).toContain("France");
    // The outlines are credited, once, after Leaflet's credit: a plain link, no inline image parsed again with each.
    const credits = await map.locator(".leaflet-control-attribution").innerText();
    expect(credits.split("Outlines: Natural Earth")).toHaveLength(2);
    expect(credits.startsWith("Leaflet")).toBe(true);
    expect(await map.locator(".leaflet-control-attribution svg").count()).toBe(0);
    expect(await map.locator(".caravan-member").count()).toBe(2);
    expect(await map.locator(".caravan-member--self").count()).toBe(1);
    expect(await map.locator(".caravan-pin--destination").count()).toBe(1);
    expect(await card.getByTestId("map-empty").count()).toBe(0);

    expect(await rowText(page, "Olga Owner")).toContain(LOCATION_TEXTS.owner);
    expect(await rowText(page, "Olga Owner")).toContain(`${LOCATION_TEXTS.currentLocation} Quai de l'Évêché, Annecy`);
    expect(await row(page, "Olga Owner").getByTestId("member-distance").innerText()).toBe(distanceText(ANNECY));
    expect(await row(page, "Milo Member").getByTestId("member-distance").innerText()).toBe(distanceText(GENEVA));
    expect(await rowText(page, "Milo Member")).not.toContain(LOCATION_TEXTS.owner);
    expect(await rowText(page, "Milo Member")).toContain("0 min ago");
    expect(await row(page, "Quinn Quiet").getByTestId("member-location").innerText()).toBe(
      LOCATION_TEXTS.locationNotShared,
    );
    expect(await row(page, "Quinn Quiet").getByTestId("member-distance").count()).toBe(0);
    expect(await row(page, "Milo Member").getByTestId("share-dot").getAttribute("aria-label")).toBe(
      LOCATION_TEXTS.locationShared,
    );
    expect(await row(page, "Quinn Quiet").getByTestId("share-dot").getAttribute("aria-label")).toBe(
      LOCATION_TEXTS.noLocationShared,
    );

    // Directions: only on the caller's own entry, from their location to the destination, driving.
    expect(await page.getByRole("link", { name: LOCATION_TEXTS.directions }).count()).toBe(1);
    const directions = row(page, "Olga Owner").getByRole("link", { name: LOCATION_TEXTS.directions });
    expect(await directions.getAttribute("target")).toBe("_blank");
    const href = new URL((await directions.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe("https://www.google.com/maps/dir/");
    expect(href.searchParams.get("api")).toBe("1");
    expect(href.searchParams.get("travelmode")).toBe("driving");
    expect(href.searchParams.get("destination")).toBe(`${CHAMONIX.latitude},${CHAMONIX.longitude}`);
    expect(href.searchParams.get("origin")).toBe(`${ANNECY.latitude},${ANNECY.longitude}`);

    // Without an address the server named the place after the nearest town in the offline gazetteer.
    expect(await row(page, "Milo Member").getByTestId("member-location").innerText()).toMatch(
      new RegExp(`^${LOCATION_TEXTS.currentLocation} near Genève, .+, Switzerland$`),
    );

    await visible(page.getByText(PRIVACY.groupLocations, { exact: true }));

    await screenshot(page, "locations-group-desktop");
    await elementShot(card, "locations-map-desktop");

    // A marker's popup names the member and says where and when.
    await map.locator(".caravan-member--self").click();
    const popup = map.locator(".leaflet-popup");
    await visible(popup.getByText("Olga Owner", { exact: true }));
    await visible(popup.getByText("Lunch by the lake", { exact: true }));
    await popup.locator(".leaflet-popup-close-button").click();
    await gone(popup);

    // Another member moves: the page follows without a reload.
    await shareViaApi(milo, groupId, { ...LYON, address: "Place Bellecour, Lyon" });
    await expect.poll(() => rowText(page, "Milo Member"), { timeout: 15_000 }).toContain("Place Bellecour, Lyon");
    expect(await row(page, "Milo Member").getByTestId("member-distance").innerText()).toBe(distanceText(LYON));
  });

  it("starts Leaflet on the element the page drew and laid out as the sea, not on one put in its place", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Sia", lastName: "Sea" });
    const groupId = await groupToChamonix(owner);
    await shareViaApi(owner, groupId, { ...ANNECY, address: null, notes: null });
    const page = await e2e().signedInPage(owner);
    // Every element the map's place was drawn as, before Leaflet started on one.
    await page.addInitScript(() => {
      const w = window as unknown as { seas: Element[] };
      w.seas = [];
      new MutationObserver(() => {
        for (const sea of document.querySelectorAll("[data-testid=map-placing]"))
          if (!w.seas.includes(sea)) w.seas.push(sea);
      }).observe(document, { subtree: true, childList: true });
    });
    // The member and the destination.
    const map = await mapReady(await openGroup(page, groupId), 2);
    expect(await map.evaluate((container) => (window as unknown as { seas: Element[] }).seas.indexOf(container))).toBe(
      0,
    );
    expect(await map.getAttribute("data-testid")).toBeNull();
  });

  it("lays markers that would overlap side by side, each one whole and tappable", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const milo = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const quiet = await signUpViaApi(e2e(), { firstName: "Quinn", lastName: "Quiet" });
    const groupId = await groupToChamonix(owner, [milo, quiet]);
    // Everyone in the same square by the destination: at any zoom their markers would cover each other.
    for (const user of [owner, milo, quiet]) await shareViaApi(user, groupId, { ...CHAMONIX, address: "Place Balmat" });

    const page = await e2e().signedInPage(owner);
    await page.setViewportSize({ width: 360, height: 780 });
    const card = await openGroup(page, groupId);
    const map = await mapReady(card, 4);
    const boxes = await map
      .locator(".caravan-marker")
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        expect(apart).toBe(true);
      }
    }
    // Each member's marker opens their own popup.
    await map.getByRole("img", { name: "Quinn Quiet" }).click();
    await visible(map.locator(".leaflet-popup").getByText("Quinn Quiet", { exact: true }));
    await elementShot(card, "locations-map-spread-phone");
  });

  it("lays the card and the list out on a phone without sideways scrolling", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Pia", lastName: "Phone" });
    const milo = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await groupToChamonix(owner, [milo]);
    await shareViaApi(owner, groupId, { ...ANNECY, address: "Annecy old town" });
    await shareViaApi(milo, groupId, { ...GENEVA, address: "Jet d'Eau, Geneva" });

    const page = await e2e().signedInPage(owner, { viewport: PHONE, isMobile: true, hasTouch: true });
    const card = await openGroup(page, groupId);
    await mapReady(card, 3);
    await visible(row(page, "Milo Member"));
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, "locations-group-phone");
    await elementShot(card, "locations-map-phone");

    const dialog = await openDialog(page);
    await mapReady(dialog, 1);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, "locations-dialog-phone", false);
  });

  it("shows the empty map with the product's overlay when nobody shares and there is no destination", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Eve", lastName: "Empty" });
    const res = await (await signedInClient(owner)).post("/api/groups", { name: "Somewhere", status: "planning" });
    const page = await e2e().signedInPage(owner);
    const card = await openGroup(page, res.body.id);
    await mapReady(card, 0);
    const overlay = card.getByTestId("map-empty");
    await visible(overlay.getByText(LOCATION_TEXTS.mapEmptyTitle, { exact: true }));
    await visible(overlay.getByText(LOCATION_TEXTS.mapEmptyText, { exact: true }));
    expect(await page.getByRole("button", { name: LOCATION_TEXTS.stopSharing }).count()).toBe(0);
    expect(await row(page, "Eve Empty").getByTestId("member-location").innerText()).toBe(
      LOCATION_TEXTS.locationNotShared,
    );
    // No destination, so no directions to give.
    expect(await page.getByRole("link", { name: LOCATION_TEXTS.directions }).count()).toBe(0);
    await elementShot(card, "locations-map-empty-desktop");
  });

  it("updates the location by manual entry: range errors, not-a-number as 0, address and notes", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Mona", lastName: "Manual" });
    const groupId = await groupToChamonix(owner);
    const page = await e2e().signedInPage(owner);
    await openGroup(page, groupId);

    let dialog = await openDialog(page);
    await dialog.getByRole("tab", { name: LOCATION_TEXTS.manualTab }).click();
    await dialog.getByLabel(LOCATION_TEXTS.latitude, { exact: true }).fill("95");
    await dialog.getByLabel(LOCATION_TEXTS.longitude, { exact: true }).fill("-200");
    await dialog.getByRole("button", { name: LOCATION_TEXTS.submit, exact: true }).click();
    await visible(dialog.getByText(VALIDATION.latitudeRange, { exact: true }));
    await visible(dialog.getByText(VALIDATION.longitudeRange, { exact: true }));
    expect(await storedLocation(owner, groupId)).toBeNull();

    // What is not a number becomes 0.
    await dialog.getByLabel(LOCATION_TEXTS.latitude, { exact: true }).fill("north-ish");
    await dialog.getByLabel(LOCATION_TEXTS.longitude, { exact: true }).fill("7.25");
    await dialog.getByRole("button", { name: LOCATION_TEXTS.submit, exact: true }).click();
    expect(await toast(page, LOCATION_TEXTS.updated)).toContain(LOCATION_TEXTS.updated);
    await gone(dialog);
    let stored = await storedLocation(owner, groupId);
    expect(stored).toMatchObject({ latitude: 0, longitude: 7.25, notes: null });
    // The list draws what arrived as a deferred render: on a busy machine, a moment after the dialog closed.
    await expect.poll(() => rowText(page, "Mona Manual")).toContain(LOCATION_TEXTS.currentLocation);

    dialog = await openDialog(page);
    await dialog.getByRole("tab", { name: LOCATION_TEXTS.manualTab }).click();
    // The dialog starts from the member's current location.
    expect(await dialog.getByLabel(LOCATION_TEXTS.latitude, { exact: true }).inputValue()).toBe("0");
    await dialog.getByLabel(LOCATION_TEXTS.latitude, { exact: true }).fill(String(ANNECY.latitude));
    await dialog.getByLabel(LOCATION_TEXTS.longitude, { exact: true }).fill(String(ANNECY.longitude));
    await dialog.getByLabel(LOCATION_TEXTS.address, { exact: true }).fill("  Pont des Amours, Annecy ");
    await dialog.getByLabel(LOCATION_TEXTS.notes, { exact: true }).fill("Waiting at the bridge");
    await screenshot(page, "locations-dialog-manual-desktop", false);
    await dialog.getByRole("button", { name: LOCATION_TEXTS.submit, exact: true }).click();
    await toast(page, LOCATION_TEXTS.updated);
    await gone(dialog);
    stored = await storedLocation(owner, groupId);
    expect(stored).toMatchObject({ address: "Pont des Amours, Annecy", notes: "Waiting at the bridge" });
    expect(stored!.latitude).toBeCloseTo(ANNECY.latitude, 4);
    await expect
      .poll(() => rowText(page, "Mona Manual"))
      .toContain(`${LOCATION_TEXTS.currentLocation} Pont des Amours, Annecy`);
    expect(await row(page, "Mona Manual").getByTestId("member-distance").innerText()).toBe(distanceText(ANNECY));
  });

  it("chooses a point on the map by clicking and dragging, or from the browser's position", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Pim", lastName: "Picker" });
    const groupId = await groupToChamonix(owner);
    const page = await e2e().signedInPage(owner);
    await grantLocation(page.context(), LYON);
    await openGroup(page, groupId);

    const dialog = await openDialog(page);
    const picker = dialog.getByTestId("location-picker");
    await mapReady(picker, 0);
    const readout = dialog.getByTestId("picked-point");
    expect(await readout.innerText()).toBe("");

    const box = (await picker.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.6);
    await expect.poll(() => readout.innerText()).toMatch(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
    const clicked = await readout.innerText();
    await visible(picker.locator(".caravan-pin--pick"));

    // Drag the pin somewhere else.
    const pin = (await picker.locator(".caravan-marker").boundingBox())!;
    const from = { x: pin.x + pin.width / 2, y: pin.y + pin.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y - 40, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => readout.innerText()).not.toBe(clicked);
    const dragged = (await readout.innerText()).split(", ").map(Number);

    await dialog.getByRole("tab", { name: LOCATION_TEXTS.manualTab }).click();
    expect(Number(await dialog.getByLabel(LOCATION_TEXTS.latitude, { exact: true }).inputValue())).toBeCloseTo(
      dragged[0]!,
      5,
    );
    await dialog.getByRole("tab", { name: LOCATION_TEXTS.mapTab }).click();

    // The browser's own position (emulated): the product's geolocation options, the pin moves there.
    await dialog.getByRole("button", { name: LOCATION_TEXTS.useCurrentLocation }).click();
    await expect.poll(() => readout.innerText()).toBe(`${LYON.latitude.toFixed(5)}, ${LYON.longitude.toFixed(5)}`);
    await screenshot(page, "locations-dialog-map-desktop", false);
    await dialog.getByRole("button", { name: LOCATION_TEXTS.submit, exact: true }).click();
    await toast(page, LOCATION_TEXTS.updated);
    const stored = await storedLocation(owner, groupId);
    expect(stored!.latitude).toBeCloseTo(LYON.latitude, 4);
    expect(stored!.longitude).toBeCloseTo(LYON.longitude, 4);
    await expect.poll(() => rowText(page, "Pim Picker")).toContain(distanceText(LYON));
  });

  it("opens Map Selection on my last position, else the destination, else the members, else the default centre", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Stan", lastName: "Start" });
    const milo = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const ines = await signUpViaApi(e2e(), { firstName: "Ines", lastName: "Marchetti" });
    const toChamonix = await groupToChamonix(owner, [milo]);
    const noDestination = await groupToChamonix(owner, [milo, ines], false);
    const empty = await groupToChamonix(owner, [], false);
    await shareViaApi(milo, toChamonix, { ...GENEVA, address: null, notes: null });
    await shareViaApi(milo, noDestination, { ...ANNECY, address: null, notes: null });
    await shareViaApi(ines, noDestination, { ...GENEVA, address: null, notes: null });
    const page = await e2e().signedInPage(owner);

    /** What a tap in the middle of the picker chooses: where it opened. */
    const centreOfPicker = async (groupId: number, name: string) => {
      await openGroup(page, groupId);
      const dialog = await openDialog(page);
      const picker = dialog.getByTestId("location-picker");
      await mapReady(picker, 0);
      const box = (await picker.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const readout = dialog.getByTestId("picked-point");
      await expect.poll(() => readout.innerText()).toMatch(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
      await screenshot(page, `locations-picker-start-${name}`, false);
      const [latitude, longitude] = (await readout.innerText()).split(", ").map(Number);
      await dialog.getByRole("button", { name: LOCATION_TEXTS.cancel }).click();
      await gone(dialog);
      return { latitude: latitude!, longitude: longitude! };
    };
    const near = (p: { latitude: number; longitude: number }, q: { latitude: number; longitude: number }) =>
      distanceKm(p, q) < 2;

    // The destination, not the other member in Geneva, nor New York.
    expect(near(await centreOfPicker(toChamonix, "destination"), CHAMONIX)).toBe(true);
    // No destination: the members, all of them in view (the middle lies between Annecy and Geneva).
    const between = await centreOfPicker(noDestination, "members");
    expect(between.latitude).toBeGreaterThan(ANNECY.latitude + 0.05);
    expect(between.latitude).toBeLessThan(GENEVA.latitude - 0.05);
    // Nobody and nothing: the product's default centre.
    const [nyLatitude, nyLongitude] = MAP.defaultCenter;
    expect(near(await centreOfPicker(empty, "default"), { latitude: nyLatitude, longitude: nyLongitude })).toBe(true);

    // My own last position comes first: the pin stands in the middle of the map, on it.
    await shareViaApi(owner, toChamonix, { ...LYON, address: null, notes: null });
    await openGroup(page, toChamonix);
    const dialog = await openDialog(page);
    const picker = dialog.getByTestId("location-picker");
    await mapReady(picker, 1);
    const box = (await picker.boundingBox())!;
    const pin = (await picker.locator(".caravan-pin--pick").boundingBox())!;
    expect(Math.abs(pin.x + pin.width / 2 - (box.x + box.width / 2))).toBeLessThan(3);
    expect(await dialog.getByTestId("picked-point").innerText()).toBe(
      `${LYON.latitude.toFixed(5)}, ${LYON.longitude.toFixed(5)}`,
    );
  });

  it("names the destination on the map, keeps town names clear of markers and country names clear of towns", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Nora", lastName: "Names" });
    const milo = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const ines = await signUpViaApi(e2e(), { firstName: "Ines", lastName: "Marchetti" });
    const groupId = await groupToChamonix(owner, [milo, ines]);
    await shareViaApi(owner, groupId, { ...ANNECY, address: null, notes: null });
    await shareViaApi(milo, groupId, { ...GENEVA, address: null, notes: null });
    await shareViaApi(ines, groupId, { latitude: 46.0, longitude: 6.5, address: null, notes: null });
    for (const [width, name] of [
      [1280, "desktop"],
      [360, "360"],
      [320, "320"],
    ] as const) {
      const page = await e2e().signedInPage(
        owner,
        width === 1280 ? {} : { viewport: { width, height: 740 }, isMobile: true, hasTouch: true },
      );
      const card = await openGroup(page, groupId);
      const map = await mapReady(card, 4);
      // The destination's name beside its pin, for good, not only in its popup, and whole inside the map.
      const label = map.locator(".caravan-destination-label");
      await visible(label);
      expect(await label.innerText()).toBe(CHAMONIX.name);
      await expect.poll(async () => within(await label.boundingBox(), await map.boundingBox())).toBe(true);
      // The towns' names placed (on a phone, between four markers, there may be no room for any).
      await expect.poll(() => map.getAttribute("data-places"), { timeout: 15_000 }).not.toBeNull();
      if (width === 1280) expect(Number(await map.getAttribute("data-places"))).toBeGreaterThan(0);
      await expect.poll(() => map.locator(".caravan-country-label").count(), { timeout: 15_000 }).toBeGreaterThan(0);
      // Every name clear of every marker and of each other, once they have settled.
      await expect.poll(() => overlappingLabels(map), { timeout: 10_000 }).toEqual([]);
      await elementShot(card, `locations-map-labels-${name}`);
      expect(await horizontalOverflow(page)).toBe(0);
      await page.context().close();
    }
  });

  it("keeps the destination's and the towns' names clear of members at a town's centre and around the destination", async () => {
    const { owner, others, town, groupId } = await groupToAnnecy("Lake Annecy", "Cluster", [
      "Ana",
      "Eli",
      "Bea",
      "Cleo",
      "Dan",
    ]);
    // Two at the town's centre; three within a few hundred metres of the destination, one a little north of it and
    // one a little south, so that every side of its pin holds a marker once they are laid side by side.
    const at = [
      { latitude: town.latitude, longitude: town.longitude },
      { latitude: town.latitude, longitude: town.longitude },
      { latitude: ANNECY.latitude + 0.0029, longitude: ANNECY.longitude - 0.002 },
      { latitude: ANNECY.latitude - 0.0024, longitude: ANNECY.longitude + 0.002 },
      { latitude: ANNECY.latitude + 0.0005, longitude: ANNECY.longitude + 0.004 },
    ];
    for (const [i, user] of [owner, ...others].entries()) {
      await shareViaApi(user, groupId, { ...at[i]!, address: null, notes: null });
    }
    for (const [width, name] of [
      [1280, "desktop"],
      [360, "360"],
      [320, "320"],
    ] as const) {
      const page = await e2e().signedInPage(
        owner,
        width === 1280 ? {} : { viewport: { width, height: 740 }, isMobile: true, hasTouch: true },
      );
      const card = await openGroup(page, groupId);
      const map = await mapReady(card, 6);
      const label = map.locator(".caravan-destination-label");
      await visible(label);
      expect(await label.innerText()).toBe("Annecy");
      await expect.poll(async () => within(await label.boundingBox(), await map.boundingBox())).toBe(true);
      await expect.poll(() => map.getAttribute("data-places"), { timeout: 15_000 }).not.toBeNull();
      if (width === 1280) expect(Number(await map.getAttribute("data-places"))).toBeGreaterThan(0);
      // The destination's name, the towns' and the countries' cover no marker and no other name, once settled.
      await expect.poll(() => overlappingLabels(map), { timeout: 10_000 }).toEqual([]);
      await elementShot(card, `locations-map-cluster-${name}`);
      await page.context().close();
    }

    // The destination's name at its pin's left, at the map's right edge: the towns' names make way for all of it
    // (Sallanches stood under it).
    const toChamonix = await groupToChamonix(owner, [others[0]!]);
    await shareViaApi(owner, toChamonix, { ...ANNECY, address: null, notes: null });
    await shareViaApi(others[0]!, toChamonix, { latitude: 45.9237, longitude: 6.147, address: null, notes: null });
    const page = await e2e().signedInPage(owner);
    const map = await mapReady(await openGroup(page, toChamonix), 3);
    await expect.poll(() => map.getAttribute("data-places"), { timeout: 15_000 }).not.toBeNull();
    await expect.poll(() => overlappingLabels(map), { timeout: 10_000 }).toEqual([]);
    await elementShot(map, "locations-map-chamonix-desktop");
  });

  it("lays six members at one spot in rows on a phone, every marker on the map and clear of the names", async () => {
    const { owner, others, town, groupId } = await groupToAnnecy("Six in Annecy", "Six", [
      "Ana",
      "Bea",
      "Cleo",
      "Dan",
      "Eli",
      "Fay",
    ]);
    // All six within a few metres of the town's centre, a kilometre from the destination's pin.
    for (const [i, user] of [owner, ...others].entries()) {
      const at = { latitude: town.latitude + i * 0.00002, longitude: town.longitude - i * 0.00002 };
      await shareViaApi(user, groupId, { ...at, address: null, notes: null });
    }
    for (const width of [1280, 360, 320]) {
      const page = await e2e().signedInPage(
        owner,
        width === 1280 ? {} : { viewport: { width, height: 740 }, isMobile: true, hasTouch: true },
      );
      const card = await openGroup(page, groupId);
      const map = await mapReady(card, 7);
      await visible(map.locator(".caravan-destination-label"));
      await expect.poll(() => map.getAttribute("data-places"), { timeout: 15_000 }).not.toBeNull();
      const mapBox = await map.boundingBox();
      const members = await map.locator(".caravan-member").all();
      expect(members).toHaveLength(6);
      for (const member of members) {
        const name = await member.getAttribute("aria-label");
        expect(within(await member.boundingBox(), mapBox), `${name} on the map at ${width} px`).toBe(true);
      }
      const boxes = await map
        .locator(".caravan-marker")
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          expect(apart, `markers apart at ${width} px`).toBe(true);
        }
      }
      await expect.poll(() => overlappingLabels(map), { timeout: 10_000 }).toEqual([]);
      await elementShot(card, `locations-map-six-${width}`);
      await page.context().close();
    }
  });

  it("keeps a member who moves out of view on the map, unless the viewer moved the map by hand", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Vera", lastName: "Viewer" });
    const milo = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await groupToChamonix(owner, [milo]);
    await shareViaApi(owner, groupId, { ...ANNECY, address: null, notes: null });
    await shareViaApi(milo, groupId, { ...GENEVA, address: null, notes: null });
    const page = await e2e().signedInPage(owner, {
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const subscribed = subscriptionAnswered(page);
    const card = await openGroup(page, groupId);
    await subscribed;
    const map = await mapReady(card, 3);
    const milosMarker = map.getByRole("img", { name: "Milo Member" });
    const inView = async () => within(await milosMarker.boundingBox(), await map.boundingBox());
    expect(await inView()).toBe(true);

    // Lyon lies well beyond the view framed around Annecy, Geneva and Chamonix: the map follows.
    await shareViaApi(milo, groupId, { ...LYON, address: null, notes: null });
    await expect
      .poll(() => milosMarker.locator("xpath=..").getAttribute("data-position"), { timeout: 15_000 })
      .toBe(positionText(LYON));
    await expect.poll(inView, { timeout: 5_000 }).toBe(true);
    await elementShot(card, "locations-map-followed-phone");

    // Moved by hand, the map stays where the viewer put it.
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30, { steps: 6 });
    await page.mouse.up();
    // Leaflet lets a drag glide on for a moment after the finger lifts.
    await page.waitForTimeout(1_000);
    const view = () => map.locator(".leaflet-map-pane").evaluate((pane) => (pane as HTMLElement).style.transform);
    const before = await view();
    expect(before).not.toBe("translate3d(0px, 0px, 0px)");
    await shareViaApi(milo, groupId, { latitude: 48.8566, longitude: 2.3522, address: null, notes: null });
    await expect
      .poll(() => milosMarker.locator("xpath=..").getAttribute("data-position"), { timeout: 15_000 })
      .toBe(positionText({ latitude: 48.8566, longitude: 2.3522 }));
    await page.waitForTimeout(500);
    expect(await view()).toBe(before);
    expect(await inView()).toBe(false);
  });

  it("says why the browser's position is missing when location access is blocked", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Dina", lastName: "Denied" });
    const groupId = await groupToChamonix(owner);
    const page = await e2e().signedInPage(owner);
    await openGroup(page, groupId);
    await denyLocation(page);

    // Blocked: the switch is disabled and says what to do.
    const tracking = page.getByTestId("auto-tracking");
    await expect.poll(() => page.getByTestId("auto-tracking-status").innerText()).toBe(LOCATION_TEXTS.permissionHint);
    expect(await tracking.locator("input").isDisabled()).toBe(true);

    const dialog = await openDialog(page);
    await dialog.getByRole("button", { name: LOCATION_TEXTS.useCurrentLocation }).click();
    expect(await toast(page, LOCATION_TEXTS.geolocationDenied)).toContain(LOCATION_TEXTS.geolocationDenied);
    expect(await dialog.getByTestId("picked-point").innerText()).toBe("");
  });

  it(
    "auto-tracking sends each move as it happens to the other members, nothing while still, and stops when switched off",
    { timeout: 120_000 },
    async () => {
      const owner = await signUpViaApi(e2e(), { firstName: "Tara", lastName: "Tracker" });
      const milo = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
      const groupId = await groupToChamonix(owner, [milo]);
      const page = await e2e().signedInPage(owner);
      await grantLocation(page.context(), LYON);
      const milosPage = await e2e().signedInPage(milo);
      const subscribed = subscriptionAnswered(milosPage);
      await openGroup(page, groupId);
      const milosCard = await openGroup(milosPage, groupId);
      await subscribed;

      const status = page.getByTestId("auto-tracking-status");
      expect(await status.innerText()).toBe(LOCATION_TEXTS.trackingInactive);
      expect(await page.getByTestId("auto-tracking").locator("input").isChecked()).toBe(false);
      // How often it sends, said next to the switch.
      const cadence = LOCATION_TEXTS.trackingCadence(GROUP_TRACKING_MIN_SEND_GAP_MS / 1000);
      expect(await page.getByTestId("auto-tracking-cadence").innerText()).toBe(cadence);

      const posts: number[] = [];
      page.on(
        "request",
        (r: Request) =>
          r.method() === "POST" && r.url().endsWith(`/api/groups/${groupId}/locations`) && posts.push(Date.now()),
      );
      await page.getByTestId("auto-tracking").click();
      await toast(page, LOCATION_TEXTS.trackingStarted);
      expect(await status.innerText()).toBe(LOCATION_TEXTS.trackingActive);
      expect(await page.getByTestId("auto-tracking-cadence").innerText()).toBe(cadence);
      await expect
        .poll(async () => (await storedLocation(owner, groupId))?.notes ?? null, { timeout: 15_000 })
        .toBe(LOCATION_TEXTS.autoUpdateNotes);
      expect((await storedLocation(owner, groupId))!.latitude).toBeCloseTo(LYON.latitude, 4);
      const marker = milosCard.getByRole("img", { name: "Tara Tracker" }).locator("xpath=..");
      await expect.poll(() => marker.getAttribute("data-position"), { timeout: 15_000 }).toBe(positionText(LYON));

      // Each move shows on the other member's map (looked for at every frame there).
      const delays: number[] = [];
      for (let i = 1; i <= 5; i++) {
        const to = { latitude: LYON.latitude + i * 0.0013, longitude: LYON.longitude - i * 0.0009 };
        const movedAt = Date.now();
        await page.context().setGeolocation(to);
        await milosPage.waitForFunction(
          (key) =>
            [...document.querySelectorAll<HTMLElement>("[data-position]")].some((m) => m.dataset.position === key),
          positionText(to),
          { timeout: 20_000, polling: "raf" },
        );
        delays.push(Date.now() - movedAt);
        await page.waitForTimeout(300 + Math.random() * 1200);
      }
      const sorted = [...delays].sort((x, y) => x - y);
      console.log(
        `auto-tracking: ${delays.length} moves seen by another member, median ${sorted[Math.floor(sorted.length / 2)]} ms, worst ${sorted.at(-1)} ms (${delays.join(", ")} ms)`,
      );
      const last = { latitude: LYON.latitude + 5 * 0.0013, longitude: LYON.longitude - 5 * 0.0009 };
      await expect.poll(() => rowText(page, "Tara Tracker"), { timeout: 15_000 }).toContain(distanceText(last));

      // Standing still: the position is still checked, and nothing is sent.
      await page.waitForTimeout(1_500);
      posts.length = 0;
      await page.waitForTimeout(MORE_THAN_ONE_CHECK_MS);
      expect(posts).toEqual([]);
      // A step within the product's skip rule (0.0001 degrees) is not a move either.
      await page.context().setGeolocation({ latitude: last.latitude + 0.00005, longitude: last.longitude });
      await page.waitForTimeout(MORE_THAN_ONE_CHECK_MS);
      expect(posts).toEqual([]);
      await screenshot(page, "locations-tracking-desktop");

      await page.getByTestId("auto-tracking").click();
      await toast(page, LOCATION_TEXTS.trackingStopped);
      expect(await status.innerText()).toBe(LOCATION_TEXTS.trackingInactive);
      await page.context().setGeolocation(LYON);
      await page.waitForTimeout(MORE_THAN_ONE_CHECK_MS);
      expect(posts).toEqual([]);
      expect((await storedLocation(owner, groupId))!.latitude).toBeCloseTo(last.latitude, 4);
    },
  );

  it("auto-tracking switches itself off when location access is withdrawn", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Wes", lastName: "Withdrawn" });
    const groupId = await groupToChamonix(owner);
    const page = await e2e().signedInPage(owner);
    await grantLocation(page.context(), ANNECY);
    await openGroup(page, groupId);
    await page.getByTestId("auto-tracking").click();
    await toast(page, LOCATION_TEXTS.trackingStarted);
    await expect
      .poll(async () => (await storedLocation(owner, groupId))?.notes ?? null, { timeout: 15_000 })
      .toBe(LOCATION_TEXTS.autoUpdateNotes);

    await denyLocation(page);
    expect(await toast(page, LOCATION_TEXTS.permissionDeniedTitle)).toContain(LOCATION_TEXTS.geolocationDenied);
    expect(await page.getByTestId("auto-tracking").locator("input").isChecked()).toBe(false);
    await expect.poll(() => page.getByTestId("auto-tracking-status").innerText()).toBe(LOCATION_TEXTS.permissionHint);
  });

  it("auto-tracking stops with the product's message when the session has ended", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Sam", lastName: "Session" });
    const groupId = await groupToChamonix(owner);
    const page = await e2e().signedInPage(owner);
    await grantLocation(page.context(), ANNECY);
    // Wait for the app to be live (the live connection's subscribe answer) before using the switch.
    const subscribed = subscriptionAnswered(page);
    // API calls on their way, counted from the start: one sent before the hold below but answered after the
    // session ended would get the general 'Unauthorized' too.
    const onTheirWay = new Set<Request>();
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) onTheirWay.add(request);
    });
    page.on("requestfinished", (request) => onTheirWay.delete(request));
    page.on("requestfailed", (request) => onTheirWay.delete(request));
    await openGroup(page, groupId);
    await subscribed;
    // Any other call made once the session has ended (the page's 5 s polls, a refetch) would meet it first and get
    // the general 'Unauthorized': hold every API call but the switch's own until its answer has been shown, and end
    // the session only once every call sent before the hold has its answer.
    const held: Route[] = [];
    await page.route("**/api/**", (route) => {
      const request = route.request();
      if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/locations")) void route.continue();
      else held.push(route);
    });
    const answering = () => [...onTheirWay].filter((request) => !held.some((route) => route.request() === request));
    await expect.poll(() => answering().length, { timeout: 20_000 }).toBe(0);
    await page.context().clearCookies();
    await page.getByTestId("auto-tracking").click();
    // The app leaves for sign-in 500 ms after its toast: the toast and the switch, off, are looked for together, in
    // the page, every frame (a check of the switch made afterwards from here could come after the page had gone).
    await page.waitForFunction(
      ({ title, text }) =>
        [...document.querySelectorAll('[data-testid="toast"]')].some(
          (toast) => toast.textContent?.includes(title) && toast.textContent.includes(text),
        ) && document.querySelector<HTMLInputElement>('[data-testid="auto-tracking"] input')?.checked === false,
      { title: LOCATION_TEXTS.trackingAuthErrorTitle, text: LOCATION_TEXTS.trackingAuthErrorText },
      { polling: "raf", timeout: 20_000 },
    );
    await page.unroute("**/api/**");
    for (const route of held) await route.continue().catch(() => undefined);
    // Then, as after every 401, to sign-in.
    await expectUrl(page, (u: URL) => u.searchParams.get("signin") === "1");
  });

  it("a 401 on Update Location says so and goes to sign-in", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Una", lastName: "Unauth" });
    const groupId = await groupToChamonix(owner);
    const page = await e2e().signedInPage(owner);
    await page.clock.install();
    await openGroup(page, groupId);
    const dialog = await openDialog(page);
    await dialog.getByRole("tab", { name: LOCATION_TEXTS.manualTab }).click();
    await dialog.getByLabel(LOCATION_TEXTS.latitude, { exact: true }).fill("45");
    await dialog.getByLabel(LOCATION_TEXTS.longitude, { exact: true }).fill("6");
    // Held timers: the page's polls must not be the call that finds the session gone.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.context().clearCookies();
    await dialog.getByRole("button", { name: LOCATION_TEXTS.submit, exact: true }).click();
    expect(await toast(page, TOASTS.unauthorizedTitle)).toContain(TOASTS.unauthorizedText);
    expect(await storedLocation(owner, groupId)).toBeNull();
    await page.clock.resume();
    await expectUrl(page, (u: URL) => u.searchParams.get("signin") === "1");
  });

  it("stopping sharing removes the member's location for everyone", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Stella", lastName: "Stop" });
    const milo = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await groupToChamonix(owner, [milo]);
    await shareViaApi(owner, groupId, { ...ANNECY, address: "Annecy" });
    await shareViaApi(milo, groupId, { ...GENEVA, address: "Geneva" });

    const page = await e2e().signedInPage(owner);
    const milosPage = await e2e().signedInPage(milo);
    const card = await openGroup(page, groupId);
    const milosCard = await openGroup(milosPage, groupId);
    await mapReady(card, 3);
    await mapReady(milosCard, 3);

    await page.getByRole("button", { name: LOCATION_TEXTS.stopSharing }).click();
    await toast(page, LOCATION_TEXTS.stoppedSharingTitle);
    expect(await storedLocation(owner, groupId)).toBeNull();
    await expect.poll(() => card.locator(".caravan-member").count()).toBe(1);
    expect(await row(page, "Stella Stop").getByTestId("member-location").innerText()).toBe(
      LOCATION_TEXTS.locationNotShared,
    );
    await gone(page.getByRole("button", { name: LOCATION_TEXTS.stopSharing }));
    // The other member's page drops it too.
    await expect.poll(() => milosCard.locator(".caravan-member").count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() =>
        milosPage
          .getByTestId("member-status-row")
          .filter({ hasText: "Stella Stop" })
          .getByTestId("member-location")
          .innerText(),
      )
      .toBe(LOCATION_TEXTS.locationNotShared);

    // Leaving the group takes the member's location with it, for everyone at once.
    const left = await (await signedInClient(milo)).delete(`/api/groups/${groupId}/members/${await idOf(milo)}`);
    expect(left.status).toBe(204);
    expect(await storedLocation(milo, groupId)).toBeNull();
    await expect.poll(() => card.locator(".caravan-member").count(), { timeout: 15_000 }).toBe(0);
    await gone(row(page, "Milo Member"));
  });
});

/**
 * The names on the map (towns, countries, the destination's) that cover a marker or another name, each as
 * "name / what it covers": none once the names have been placed.
 */
async function overlappingLabels(map: Locator): Promise<string[]> {
  return map.evaluate((container) => {
    const boxes = (selector: string) =>
      [...container.querySelectorAll<HTMLElement>(selector)].map((el) => ({
        name: el.textContent ?? selector,
        rect: el.getBoundingClientRect(),
      }));
    const names = [
      ...boxes(".caravan-place"),
      ...boxes(".caravan-country-label span"),
      ...boxes(".caravan-destination-label"),
    ];
    const markers = boxes(".caravan-marker");
    const meets = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const found: string[] = [];
    for (const [i, n] of names.entries()) {
      for (const other of [...names.slice(i + 1), ...markers]) {
        if (meets(n.rect, other.rect)) found.push(`${n.name} / ${other.name || "marker"}`);
      }
    }
    return found;
  });
}

type BoundingBox = { x: number; y: number; width: number; height: number };

/** Whether box `inner` lies wholly inside box `outer`. */
function within(inner: BoundingBox | null, outer: BoundingBox | null): boolean {
  if (!inner || !outer) return false;
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}
