import { ChakraProvider } from "@chakra-ui/react";
import { CacheProvider } from "@emotion/react";
import { dehydrate, QueryClient, type DehydratedState, type InfiniteData } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import {
  addressOf,
  DEFAULT_LOCALE,
  loadCatalog,
  PSEUDO_LOCALE,
  SUPPORTED_LOCALES,
  withLocale,
  type CurrentUser,
  type NotificationPage,
  type PageParams,
  type ServerRenderedData,
  type ServerRenderedPage,
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
import { dashboardTitle } from "./pages/DashboardPage";
import { LandingPage } from "../features/landing";
import { sharedTripTitle } from "../features/shared-trips";
import { RENDERED_STYLES_ATTRIBUTE } from "./rendered-styles";
import { createEmotionCache } from "./emotion";
import { caravanSystem } from "./theme";
import { AppProviders } from "./providers";
import { AppRoutes, serverRenderedPagesReady } from "./router";
import { RenderingQueries } from "../api/query-layer";
import type { PageFiles } from "../../build/prerender";
import { pageTitle } from "../lib/use-document-title";
import { setRenderingTime } from "../lib/use-now";
import { setRenderingSession } from "../api/session";

/**
 * Pages rendered in Node, as HTML with their styles inline, so that a phone paints them before the app's code has
 * arrived; the app then takes them over (boot/start.tsx). The build runs this module to prerender the landing page
 * (frontend/build/prerender.ts); the server runs it for each server-rendered page of common's list
 * (common/src/pages.ts, backend/src/http/pages.ts).
 */

/** In Chakra, with an Emotion cache of its own for each render: one that had written a rule would not write it again. */
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
 * What the server sends for a page: its markup, the style element for its head, its title, and the reads it was
 * rendered from, for the app to start with.
 */
export interface RenderedPage {
  markup: string;
  styles: string;
  title: string;
  state: DehydratedState;
  /** When the page was rendered, in ms: its relative times are written for then (lib/use-now.ts), for the app's hydration. */
  renderedAt?: number;
}

/** Emotion's style elements in rendered markup: `<style data-emotion="css name name...">rules</style>` for the
 * components' rules, `<style data-emotion="css-global name">` for each global style. */
const EMOTION_STYLE = /<style data-emotion="([^" ]+) ([^"]*)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * The page's styles out of its markup, for its head. Emotion writes each component's rules in a `<style>` of its own
 * just before it, dozens on a page; the app's Emotion, as it starts, moves every one of them into the head, and the
 * browser reads each sheet again and restyles the whole page (about 180 ms on a phone). Here the components' rules
 * become one element that Emotion leaves where it is, and the app tells its Emotion which rules are there
 * (rendered-styles.ts). Each global style stays Emotion's own (its `Global` finds it by name), marked as already moved
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
  if (names.length > 0)
    globals.push(`<style ${RENDERED_STYLES_ATTRIBUTE}="${names.join(" ")}">${rules.join("")}</style>`);
  return { markup: rest, styles: globals.join("") };
}

/**
 * The reads in `queries`, rendered at `path` by the app's own tree (App.tsx, with the router at `path`): the app
 * hydrates what this renders (boot/start.tsx), which needs the same components, in the same places, as its own first
 * render. `user` is who the page is rendered for (`/` chooses the dashboard by it; the header keeps the user menu's
 * place for them). The pages' code must have been loaded (`prepare`).
 */
function renderApp(queries: QueryClient, path: string, user?: CurrentUser): Omit<RenderedPage, "title"> {
  const renderedAt = new Date();
  let rendered: string;
  setRenderingTime(renderedAt);
  setRenderingSession(user);
  try {
    rendered = renderToString(
      <RenderingQueries.Provider value={queries}>
        <AppProviders emotionCache={createEmotionCache()}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
        </AppProviders>
      </RenderingQueries.Provider>,
    );
  } finally {
    setRenderingTime(null);
    setRenderingSession(undefined);
  }
  const state = dehydrate(queries);
  queries.clear();
  return { ...hoistStyles(rendered), state, renderedAt: renderedAt.getTime() };
}

/** Loads the code of the pages the server renders with the app's tree: call once, and render after it settles. */
export const prepare = async (): Promise<void> => {
  await Promise.all([
    serverRenderedPagesReady(),
    ...[...SUPPORTED_LOCALES, PSEUDO_LOCALE].map((locale) => loadCatalog(locale)),
  ]);
};

/** The notifications' first page, as the bell's infinite query holds it once read (features/notifications). */
const firstPageOf = (page: NotificationPage): InfiniteData<NotificationPage, number | null> => ({
  pages: [page],
  pageParams: [null],
});

const renderingQueries = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });

/** How the app renders one page of common's list on the server. */
interface PageRendering<P extends ServerRenderedPage> {
  /** Puts the reads the page is rendered from into the query cache, under the keys its components read them by. */
  fill(queries: QueryClient, params: PageParams, data: ServerRenderedData[P]): void;
  /** Who the page is rendered for, when it is someone's (the header keeps the user menu's place for them). */
  user?(data: ServerRenderedData[P]): CurrentUser;
  title(data: ServerRenderedData[P]): string;
  /**
   * The page's module, as the build manifest names it, and the parts of the page that only the app renders
   * (`onClient`: the server sends their fallback), which it starts to render as soon as it has taken the page over:
   * rendered.html lists their files for its script to load (frontend/build/prerender.ts).
   */
  files: PageFiles;
}

/** Each server-rendered page of common's list (common/src/pages.ts), rendered from the reads its server sends. */
const RENDERINGS: { [P in ServerRenderedPage]: PageRendering<P> } = {
  /**
   * A signed-in user's dashboard (`/`) as they first see it, from the reads of its first screen: who they are, their
   * groups and the groups' stats, and their share links. The notifications are the bell's own read, which the app
   * makes as it takes over: the dashboard follows no room whose subscription would read them again once it is
   * answered, as the group page's does.
   */
  dashboard: {
    fill(queries, _params, data) {
      queries.setQueryData(currentUserKey, data.user);
      queries.setQueryData(groupKeys.list(), data.groups);
      queries.setQueryData(groupKeys.stats(), data.stats);
      queries.setQueryData(sharedTripKeys.mine, data.sharedTrips);
    },
    user: (data) => data.user,
    title: () => dashboardTitle(),
    files: { module: "src/app/pages/DashboardPage.tsx", clientParts: ["src/app/AccountMenu.tsx"] },
  },
  /**
   * A group's page (/groups/{id}) as a member first sees it, from the reads of its first screen: who they are, the
   * group, its members and where each of them is, whether their tracker apps feed it, their notifications (the bell),
   * and the server's settings (the map's layers). The sections with reads of their own (plans, the chat) are rendered
   * as the app renders them while those load, and the app fills them in as it takes over.
   */
  group: {
    fill(queries, params, data) {
      const groupId = Number(params.id);
      queries.setQueryData(currentUserKey, data.user);
      queries.setQueryData(groupKeys.detail(groupId), data.group);
      queries.setQueryData(groupKeys.members(groupId), data.members);
      queries.setQueryData(locationKeys.group(groupId), data.locations);
      queries.setQueryData(trackerKeys.sharing(groupId), data.trackerSharing);
      queries.setQueryData(notificationKeys.all, firstPageOf(data.notifications));
      queries.setQueryData(clientConfigKey, data.config);
    },
    user: (data) => data.user,
    title: (data) => pageTitle(data.group.name),
    files: {
      module: "src/app/GroupRoute.tsx",
      clientParts: ["src/app/AccountMenu.tsx", "src/components/map/MapView.tsx"],
    },
  },
  /**
   * A shared trip's public page (/shared/{token}) as a watcher first sees it, from the page's three reads and the
   * server's settings (its map's layers). The reads go into the page too: the app starts with them, renders the same
   * page, and reads them again from the server as it always does, which also counts the watcher's visit (the
   * server's rendering counts nobody).
   */
  sharedTrip: {
    fill(queries, params, data) {
      const token = params.token!;
      queries.setQueryData(sharedTripKeys.info(token), data.info);
      queries.setQueryData(sharedTripKeys.locations(token), data.locations);
      queries.setQueryData(sharedTripKeys.messages(token), data.messages);
      queries.setQueryData(clientConfigKey, data.config);
    },
    title: (data) => sharedTripTitle(data.info),
    files: {
      module: "src/app/pages/SharedTripPage.tsx",
      clientParts: ["src/app/AccountMenu.tsx", "src/components/map/MapView.tsx"],
    },
  },
};

/** The files of each server-rendered page, for the build to list in rendered.html (frontend/build/prerender.ts). */
export const PAGE_FILES = Object.fromEntries(
  Object.entries(RENDERINGS).map(([page, rendering]) => [page, rendering.files]),
) as Record<ServerRenderedPage, PageFiles>;

/** The page `page` at the address of `params`, rendered from `data` (backend/src/http/pages.ts reads it). */
export function renderPage<P extends ServerRenderedPage>(
  page: P,
  params: PageParams,
  data: ServerRenderedData[P],
  locale: string = DEFAULT_LOCALE,
): RenderedPage {
  const rendering = RENDERINGS[page] as PageRendering<P>;
  // Rendering is synchronous: every text read during it is in the reader's language.
  return withLocale(locale, () => {
    const queries = renderingQueries();
    rendering.fill(queries, params, data);
    const rendered = renderApp(queries, addressOf(page, params), rendering.user?.(data));
    return { ...rendered, title: rendering.title(data) };
  });
}
