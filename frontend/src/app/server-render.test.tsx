import { hydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { SharedTripPageData } from "@caravan/common";
import { sharedTripKeys } from "../api/query-keys";
import { renderSharedTrip } from "./server-render";

const HOUR = 3_600_000;

function share(overrides: Partial<SharedTripPageData["info"]> = {}): SharedTripPageData {
  const now = Date.now();
  return {
    info: {
      isActive: true,
      expiresAt: new Date(now + 2 * HOUR).toISOString(),
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

describe("a shared trip's page drawn on the server", () => {
  it("shows the share itself, not its loading state: who, where, when, the notes and the chat", () => {
    const { markup, title } = renderSharedTrip("tok", share());
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
    const text = textOf(renderSharedTrip("tok", { ...ended, locations: [] }).markup);
    expect(text).toContain("This shared trip has ended");
    expect(text).not.toContain("Current Location");
  });

  it("hands the app the reads it was drawn from, under the keys the page reads them by", () => {
    const data = share();
    const { state } = renderSharedTrip("a token/with slash", data);
    const client = new QueryClient();
    hydrate(client, JSON.parse(JSON.stringify(state)));
    expect(client.getQueryData(sharedTripKeys.info("a token/with slash"))).toEqual(data.info);
    expect(client.getQueryData(sharedTripKeys.locations("a token/with slash"))).toEqual(data.locations);
    expect(client.getQueryData(sharedTripKeys.messages("a token/with slash"))).toEqual(data.messages);
    expect(client.getQueryCache().getAll()).toHaveLength(3);
  });
});
