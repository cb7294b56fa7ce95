import { SERVER_RENDERED_ATTRIBUTE, type ServerRenderedPage } from "@caravan/common";

/**
 * The page the server rendered into #root (backend/src/http/pages.ts wraps it in a mark naming the page), or null
 * when the app renders the page itself.
 */
export const serverRenderedPage = (): ServerRenderedPage | null =>
  (document.getElementById("root")?.firstElementChild?.getAttribute(SERVER_RENDERED_ATTRIBUTE) as ServerRenderedPage) ??
  null;

/**
 * The app's files a server-rendered page loads (rendered-boot.ts), listed in rendered.html by the build
 * (build/prerender.ts) in an element of this id, as JSON: each file after those it imports.
 */
export const PAGE_MODULES_ID = "page-modules";

export interface PageModules {
  /** The app's start and the query layer, which every server-rendered page needs. */
  app: string[];
  /** Each server-rendered page's own code, less what `app` has. */
  pages: Record<ServerRenderedPage, string[]>;
  /**
   * The stylesheets of each page's parts that only the app renders (the map's): asked for with the page's first
   * files, rather than by the app once it renders the part.
   */
  styles: Record<ServerRenderedPage, string[]>;
}
