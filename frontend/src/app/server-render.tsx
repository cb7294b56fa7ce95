import { ChakraProvider } from "@chakra-ui/react";
import { CacheProvider } from "@emotion/react";
import { dehydrate, QueryClient, type DehydratedState, type InfiniteData } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import type {
  CurrentUser,
  DashboardPageData,
  GroupPageData,
  NotificationPage,
  SharedTripPageData,
} from "@caravan/common";
import {
  clientConfigKey,
  currentUserKey,
  groupKeys,
  locationKeys,
  notificationKeys,
  sharedTripKeys,
  trackerKeys,
} from "../api/query-keys";
import { DASHBOARD_TITLE } from "./pages/DashboardPage";
import { LandingPage } from "../features/landing";
import { sharedTripTitle } from "../features/shared-trips";
import { DRAWN_STYLES_ATTRIBUTE } from "./drawn-styles";
import { createEmotionCache } from "./emotion";
import { caravanSystem } from "./theme";
import { AppProviders } from "./providers";
import { AppRoutes, drawnPagesReady } from "./router";
import { DrawingQueries } from "../api/query-layer";
import { setDrawingTime } from "../lib/use-now";
import { setDrawingSession } from "../api/session";

/**
 * Pages drawn in Node, as HTML with their styles inline, so that a phone paints them before the app's code has
 * arrived; the app then draws the same page over them (start.tsx). The build runs this module to write the landing
 * page (frontend/build/prerender.ts); the server runs it for each shared trip's page (backend/src/http/pages.ts).
 */

/** In Chakra, with an Emotion cache of its own for each drawing: one that had drawn a rule would not write it again. */
const inChakra = (page: ReactNode) => (
  <CacheProvider value={createEmotionCache()}>
    <ChakraProvider value={caravanSystem()}>{page}</ChakraProvider>
  </CacheProvider>
);

/** The landing page as a visitor with no session first sees it, and its style elements for the head. */
export function renderLanding(): { markup: string; styles: string } {
  return hoistStyles(
    renderToString(
      inChakra(
        <MemoryRouter initialEntries={["/"]}>
          <LandingPage />
        </MemoryRouter>,
      ),
    ),
  );
}

/**
 * What the server sends for a page: its markup, the style element for its head, its title, and the reads it was drawn
 * from, for the app to start with.
 */
export interface RenderedPage {
  markup: string;
  styles: string;
  title: string;
  state: DehydratedState;
  /** When the page was drawn, in ms: its relative times are written for then (lib/use-now.ts), on a page the app hydrates. */
  drawnAt?: number;
}

/** Emotion's style elements in rendered markup: `<style data-emotion="css name name...">rules</style>` for the
 * components' rules, `<style data-emotion="css-global name">` for each global style. */
const EMOTION_STYLE = /<style data-emotion="([^" ]+) ([^"]*)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * The page's styles out of its markup, for its head. Emotion draws each component's rules in a `<style>` of its own
 * just before it, dozens on a page; the app's Emotion, as it starts, moves every one of them into the head, and the
 * browser reads each sheet again and restyles the whole page (about 180 ms on a phone). Here the components' rules
 * become one element that Emotion leaves where it is, and the app tells its Emotion which rules are there
 * (drawn-styles.ts). Each global style stays Emotion's own (its `Global` finds it by name), marked as already moved
 * (`data-s`).
 */
export function hoistStyles(markup: string): { markup: string; styles: string } {
  const globals: string[] = [];
  const names: string[] = [];
  const rules: string[] = [];
  const rest = markup.replace(EMOTION_STYLE, (_, key: string, name: string, css: string) => {
    if (key === "css") {
      names.push(name);
      rules.push(css);
    } else {
      globals.push(`<style data-emotion="${key} ${name}" data-s="">${css}</style>`);
    }
    return "";
  });
  if (names.length > 0) globals.push(`<style ${DRAWN_STYLES_ATTRIBUTE}="${names.join(" ")}">${rules.join("")}</style>`);
  return { markup: rest, styles: globals.join("") };
}

/**
 * The reads in `queries`, drawn at `path` by the app's own tree (App.tsx, with the router at `path`): the app
 * hydrates what this draws (start.tsx), which needs the same components, in the same places, as its own first
 * drawing. `user` is who the page is drawn for (`/` chooses the dashboard by it; the header keeps the user menu's place
 * for them). The pages' code must have been loaded (`prepare`).
 */
function drawApp(queries: QueryClient, path: string, user?: CurrentUser): Omit<RenderedPage, "title"> {
  const drawnAt = new Date();
  let rendered: string;
  setDrawingTime(drawnAt);
  setDrawingSession(user);
  try {
    rendered = renderToString(
      <DrawingQueries.Provider value={queries}>
        <AppProviders emotionCache={createEmotionCache()}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
        </AppProviders>
      </DrawingQueries.Provider>,
    );
  } finally {
    setDrawingTime(null);
    setDrawingSession(undefined);
  }
  const state = dehydrate(queries);
  queries.clear();
  return { ...hoistStyles(rendered), state, drawnAt: drawnAt.getTime() };
}

/** Loads the code of the pages the server draws with the app's tree: call once, and draw after it settles. */
export const prepare = (): Promise<void> => drawnPagesReady();

/** The notifications' first page, as the bell's infinite query holds it once read (features/notifications). */
const firstPageOf = (page: NotificationPage): InfiniteData<NotificationPage, number | null> => ({
  pages: [page],
  pageParams: [null],
});

const drawingQueries = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });

/**
 * A group's page (/groups/{id}) as a member first sees it, drawn from the reads of its first screen: who they are,
 * the group, its members and where each of them is, whether their tracker apps feed it, their notifications (the
 * bell), and the server's settings (the map's layers). The sections with reads of their own (plans, the chat) are
 * drawn as the app draws them while those load, and the app fills them in as it takes over.
 */
export function renderGroupPage(groupId: number, data: GroupPageData): RenderedPage {
  const queries = drawingQueries();
  queries.setQueryData(currentUserKey, data.user);
  queries.setQueryData(groupKeys.detail(groupId), data.group);
  queries.setQueryData(groupKeys.members(groupId), data.members);
  queries.setQueryData(locationKeys.group(groupId), data.locations);
  queries.setQueryData(trackerKeys.sharing(groupId), data.trackerSharing);
  queries.setQueryData(notificationKeys.all, firstPageOf(data.notifications));
  queries.setQueryData(clientConfigKey, data.config);
  const drawn = drawApp(queries, `/groups/${groupId}`, data.user);
  return { ...drawn, title: `${data.group.name} · Caravan` };
}

/**
 * A signed-in user's dashboard (`/`) as they first see it, drawn from the reads of its first screen: who they are,
 * their groups and the groups' stats, and their share links. The notifications are the bell's own read, which the app
 * makes as it takes over: the dashboard follows no room whose subscription would read them again once it is answered,
 * as the group page's does.
 */
export function renderDashboard(data: DashboardPageData): RenderedPage {
  const queries = drawingQueries();
  queries.setQueryData(currentUserKey, data.user);
  queries.setQueryData(groupKeys.list(), data.groups);
  queries.setQueryData(groupKeys.stats(), data.stats);
  queries.setQueryData(sharedTripKeys.mine, data.sharedTrips);
  const drawn = drawApp(queries, "/", data.user);
  return { ...drawn, title: DASHBOARD_TITLE };
}

/**
 * A shared trip's public page (/shared/{token}) as a watcher first sees it, drawn from the page's three reads and the
 * server's settings (its map's layers). The
 * reads go into the page too: the app starts with them, draws the same page, and reads them again from the server
 * as it always does, which also counts the watcher's visit (the server's drawing counts nobody).
 */
export function renderSharedTrip(token: string, data: SharedTripPageData): RenderedPage {
  const queries = drawingQueries();
  queries.setQueryData(sharedTripKeys.info(token), data.info);
  queries.setQueryData(sharedTripKeys.locations(token), data.locations);
  queries.setQueryData(sharedTripKeys.messages(token), data.messages);
  queries.setQueryData(clientConfigKey, data.config);
  const drawn = drawApp(queries, `/shared/${encodeURIComponent(token)}`);
  return { ...drawn, title: sharedTripTitle(data.info) };
}
