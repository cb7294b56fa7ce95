import { hydrate, QueryClient } from "@tanstack/react-query";
import { beforeAll, describe, expect, it } from "vitest";
import type { ClientConfig, DashboardPageData, GroupPageData, SharedTripPageData } from "@caravan/common";
import {
  clientConfigKey,
  currentUserKey,
  groupKeys,
  locationKeys,
  notificationKeys,
  sharedTripKeys,
  trackerKeys,
} from "../api/query-keys";
import { RENDERED_STYLES_ATTRIBUTE } from "./rendered-styles";
import { prepare, renderPage } from "./server-render";

beforeAll(() => prepare());

const HOUR = 3_600_000;

/** GET /api/config of a server with no map tiles, basemap or sign-in providers. */
const config: ClientConfig = {
  oauthProviders: [],
  googleMapsApiKey: null,
  tileUrl: null,
  basemapUrl: null,
  publicUrl: "https://caravan.example",
  shareRetentionHours: 24,
};

function share(overrides: Partial<SharedTripPageData["info"]> = {}): SharedTripPageData {
  const now = Date.now();
  return {
    info: {
      isActive: true,
      expiresAt: new Date(now + 2 * HOUR).toISOString(),
      stopped: false,
      destination: null,
      sharer: { firstName: "Ines", lastName: "Marchetti", profileImageUrl: null },
      viewerAuthorKey: null,
      ...overrides,
    },
    locations: [
      {
        id: 7,
        latitude: 48.8606,
        longitude: 2.3376,
        address: "near Paris, Île-de-France, France",
        notes: "By the pyramid",
        createdAt: new Date(now - 3 * 60_000).toISOString(),
        source: "browser",
        accuracy: 12,
        speed: null,
      },
    ],
    messages: [
      {
        id: 3,
        content: "Leaving the museum now",
        messageType: "text",
        createdAt: new Date(now - 60_000).toISOString(),
        authorKey: "k".repeat(22),
        fromSharer: true,
        user: { firstName: "Ines", lastName: "Marchetti" },
      },
    ],
    config,
  };
}

/** The page's words, as a reader (or a screen reader) meets them. */
const textOf = (markup: string) =>
  markup
    .replace(/<style[^>]*>.*?<\/style>/gs, "")
    // React's separators between adjacent texts ("{name}'s Location") are not spaces.
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("a shared trip's page rendered on the server", () => {
  it("shows the share itself, not its loading state: who, where, when, the notes and the chat", () => {
    const { markup, title } = renderPage("sharedTrip", { token: "tok" }, share());
    const text = textOf(markup);
    expect(title).toBe("Ines Marchetti's Location · Caravan");
    expect(text).toContain("Ines Marchetti's Location");
    expect(text).toContain("near Paris, Île-de-France, France");
    expect(text).toContain("3 min ago");
    expect(text).toContain("By the pyramid");
    expect(text).toContain("Leaving the museum now");
    expect(markup).not.toContain('data-testid="share-location-loading"');
    expect(markup).not.toContain('aria-busy="true"');
    // The map's placeholder holds its place; Leaflet is the app's to load.
    expect(markup).not.toContain("leaflet-container");
  });

  it("shows an ended share as ended, with no position", () => {
    const ended = share({ isActive: false });
    const text = textOf(renderPage("sharedTrip", { token: "tok" }, { ...ended, locations: [] }).markup);
    expect(text).toContain("This shared trip has ended");
    expect(text).not.toContain("Current Location");
  });

  it("hands the app the reads it was rendered from, under the keys the page reads them by", () => {
    const data = share();
    const { state } = renderPage("sharedTrip", { token: "a token/with slash" }, data);
    const client = new QueryClient();
    hydrate(client, JSON.parse(JSON.stringify(state)));
    expect(client.getQueryData(sharedTripKeys.info("a token/with slash"))).toEqual(data.info);
    expect(client.getQueryData(sharedTripKeys.locations("a token/with slash"))).toEqual(data.locations);
    expect(client.getQueryData(sharedTripKeys.messages("a token/with slash"))).toEqual(data.messages);
    expect(client.getQueryData(clientConfigKey)).toEqual(data.config);
    expect(client.getQueryCache().getAll()).toHaveLength(4);
  });
});

function groupPage(): GroupPageData {
  const now = new Date().toISOString();
  const person = (id: string, firstName: string, lastName: string) => ({
    userId: id,
    role: id === "u1" ? "owner" : "member",
    joinedAt: now,
    arrivedAt: null,
    user: { firstName, lastName, email: `${firstName.toLowerCase()}@example.com`, profileImageUrl: null },
  });
  return {
    user: {
      id: "u1",
      email: "ines@example.com",
      firstName: "Ines",
      lastName: "Marchetti",
      profileImageUrl: null,
      provider: null,
      createdAt: now,
      hasPassword: true,
      language: null,
    },
    group: {
      id: 12,
      name: "Paris long weekend",
      description: "Museums, markets and a day in Versailles.",
      coverImageUrl: null,
      ownerId: "u1",
      status: "active",
      startDate: null,
      endDate: null,
      destinationName: null,
      destinationAddress: null,
      destinationLatitude: null,
      destinationLongitude: null,
      destinationPlaceId: null,
      arrivalRadiusMeters: 200,
      createdAt: now,
      updatedAt: now,
    },
    members: [person("u1", "Ines", "Marchetti"), person("u2", "Tomas", "Berg")],
    locations: [
      {
        id: 7,
        groupId: 12,
        userId: "u2",
        latitude: 48.885,
        longitude: 2.268,
        address: "near Neuilly-sur-Seine",
        notes: "At the market",
        createdAt: new Date(Date.now() - 4 * 60_000).toISOString(),
        user: { firstName: "Tomas", lastName: "Berg", email: "tomas@example.com", profileImageUrl: null },
      },
    ],
    trackerSharing: { enabled: true, lastSeenAt: new Date(Date.now() - 2 * 60_000).toISOString(), lastBattery: 81 },
    notifications: {
      notifications: [
        {
          id: 3,
          kind: "arrival",
          text: "Tomas Berg arrived at the destination",
          groupId: 12,
          shareToken: null,
          createdAt: now,
          readAt: null,
        },
      ],
      nextCursor: null,
      unreadCount: 2,
    },
    config,
  };
}

describe("a group's page rendered on the server", () => {
  it("shows the group and its members, not the page's loading state; the sections with reads of their own load", () => {
    const { markup, title } = renderPage("group", { id: "12" }, groupPage());
    const text = textOf(markup);
    expect(title).toBe("Paris long weekend · Caravan");
    expect(markup).toMatch(/<h1[^>]*>Paris long weekend<\/h1>/);
    expect(text).toContain("Museums, markets and a day in Versailles.");
    expect(text).toContain("Active Trip");
    expect(text).toContain("Invite More");
    expect(text).toContain("Group Locations");
    expect(text).toContain("Group Messages");
    // The page's skeleton is what the app shows while the group loads: the group is here.
    expect(markup).not.toContain('data-testid="group-skeleton"');
    expect(markup).not.toContain("leaflet-container");
  });

  it("shows where each member is, whether their tracker apps feed the group, and their unread notifications", () => {
    const { markup } = renderPage("group", { id: "12" }, groupPage());
    const text = textOf(markup);
    expect(text).toContain("near Neuilly-sur-Seine");
    expect(text).toContain("4 min ago");
    expect(text).toContain("At the market");
    expect(text).toMatch(/2 min ago · [^<]*81%/);
    expect(markup).toMatch(/data-testid="notification-bell"[^>]*data-unread="2"/);
  });

  it("leaves a member's time of arrival to the phone, whose time zone the server does not know", () => {
    const data = groupPage();
    data.members[1] = { ...data.members[1]!, arrivedAt: new Date().toISOString() };
    const { markup } = renderPage("group", { id: "12" }, data);
    expect(markup).toMatch(/data-testid="member-arrived"[^>]*>\u00a0</);
    expect(textOf(markup)).not.toContain("Arrived");
  });

  it("hands the app the reads it was rendered from, under the keys the page reads them by", () => {
    const data = groupPage();
    const { state } = renderPage("group", { id: "12" }, data);
    const client = new QueryClient();
    hydrate(client, JSON.parse(JSON.stringify(state)));
    expect(client.getQueryData(currentUserKey)).toEqual(data.user);
    expect(client.getQueryData(groupKeys.detail(12))).toEqual(data.group);
    expect(client.getQueryData(groupKeys.members(12))).toEqual(data.members);
    expect(client.getQueryData(locationKeys.group(12))).toEqual(data.locations);
    expect(client.getQueryData(trackerKeys.sharing(12))).toEqual(data.trackerSharing);
    expect(client.getQueryData(notificationKeys.all)).toEqual({ pages: [data.notifications], pageParams: [null] });
    expect(client.getQueryData(clientConfigKey)).toEqual(data.config);
    expect(client.getQueryCache().getAll()).toHaveLength(7);
  });
});

function dashboard(): DashboardPageData {
  const { user, group } = groupPage();
  const now = Date.now();
  return {
    user,
    groups: [
      {
        ...group,
        memberCount: 2,
        members: [
          { userId: "u1", firstName: "Ines", lastName: "Marchetti", profileImageUrl: null },
          { userId: "u2", firstName: "Tomas", lastName: "Berg", profileImageUrl: null },
        ],
      },
    ],
    stats: { recentMessages: 7 },
    sharedTrips: [
      {
        id: 5,
        shareToken: "t".repeat(43),
        shareUrl: `https://caravan.example/shared/${"t".repeat(43)}`,
        durationHours: 8,
        expiresAt: new Date(now + 8 * HOUR).toISOString(),
        isActive: true,
        fedBy: null,
        views: 3,
        watchersNow: 1,
        hasTrail: true,
        unreadMessages: 0,
        lastMessage: null,
      },
    ],
  };
}

describe("a signed-in user's dashboard rendered on the server", () => {
  it("shows their greeting, their live link, their groups and the stats, not the page's loading state", () => {
    const { markup, title } = renderPage("dashboard", {}, dashboard());
    const text = textOf(markup);
    expect(title).toBe("Your Travel Groups · Caravan");
    expect(text).toContain("Welcome back, Ines!");
    expect(text).toContain("Paris long weekend");
    expect(markup).toContain(`/shared/${"t".repeat(43)}`);
    expect(markup).toMatch(/>7</);
    expect(markup).not.toMatch(/chakra-skeleton/);
  });

  it("hands the app the reads it was rendered from, under the keys the page reads them by", () => {
    const data = dashboard();
    const { state } = renderPage("dashboard", {}, data);
    const client = new QueryClient();
    hydrate(client, JSON.parse(JSON.stringify(state)));
    expect(client.getQueryData(currentUserKey)).toEqual(data.user);
    expect(client.getQueryData(groupKeys.list())).toEqual(data.groups);
    expect(client.getQueryData(groupKeys.stats())).toEqual(data.stats);
    expect(client.getQueryData(sharedTripKeys.mine)).toEqual(data.sharedTrips);
    expect(client.getQueryCache().getAll()).toHaveLength(4);
  });
});

describe("a server-rendered page's styles", () => {
  const pages = {
    "a shared trip": () => renderPage("sharedTrip", { token: "tok" }, share()),
    "a group's page": () => renderPage("group", { id: "12" }, groupPage()),
    "a dashboard": () => renderPage("dashboard", {}, dashboard()),
  };

  it.each(Object.entries(pages))(
    "come as style elements for the head, one with a rule for every class of %s",
    (_, render) => {
      const { markup, styles } = render();
      expect(markup).not.toContain("<style");
      // Emotion's global styles, each as Emotion names it and marked as in place, then the components' rules.
      const elements = [...styles.matchAll(/<style ([^>]+)>([^<]*)<\/style>/g)];
      expect(elements.map((m) => m[0]).join("")).toBe(styles);
      expect(elements.slice(0, -1).every((m) => /^data-emotion="css-global \w+" data-s=""$/.test(m[1]!))).toBe(true);
      const [, attribute, css] = elements.at(-1)!;
      const names = new RegExp(`^${RENDERED_STYLES_ATTRIBUTE}="([\\w ]+)"$`).exec(attribute!)![1]!.split(" ");
      // Every class Emotion gave an element of the page has its rule there, under the name the app's Emotion is told.
      const classes = new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(" ")));
      const emotionClasses = [...classes].filter((c) => c.startsWith("css-"));
      expect(emotionClasses.length).toBeGreaterThan(10);
      for (const cls of emotionClasses) {
        expect(names, cls).toContain(cls.slice("css-".length));
        expect(css, cls).toContain(`.${cls}{`);
      }
    },
  );
});
