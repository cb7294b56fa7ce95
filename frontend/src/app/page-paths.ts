/**
 * Which page an address opens, for fetching its code before the router renders it: the app's own start
 * (page-code.ts) and a drawn page's script (drawn-boot.ts), which runs before any of the app's code is here.
 */
export type Page = "dashboard" | "group" | "join" | "sharedTrip";

/** The router's paths of the pages an address alone names (router.tsx); `/` is the dashboard only when signed in. */
const PAGES: [RegExp, Page][] = [
  [/^\/groups\/[^/]+\/?$/, "group"],
  [/^\/join\/[^/]+\/?$/, "join"],
  [/^\/shared\/[^/]+\/?$/, "sharedTrip"],
];

export const pageAt = (pathname: string): Page | null => PAGES.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;

/** The pages the server draws (backend/src/http/pages.ts): the dashboard at `/` (someone is signed in there), a group's
 * page and a shared trip's. */
export type DrawnPage = Extract<Page, "dashboard" | "group" | "sharedTrip">;

/** The page a drawn page at `pathname` is. */
export const drawnPageAt = (pathname: string): DrawnPage | null => {
  if (pathname === "/") return "dashboard";
  const page = pageAt(pathname);
  return page === "group" || page === "sharedTrip" ? page : null;
};

/**
 * The app's files a drawn page loads (drawn-boot.ts), listed in drawn.html by the build (build/prerender.ts) in an
 * element of this id, as JSON: each file after those it imports.
 */
export const PAGE_MODULES_ID = "page-modules";

export interface PageModules {
  /** The app's start and the query layer, which every drawn page needs. */
  app: string[];
  /** Each drawn page's own code, less what `app` has. */
  pages: Record<DrawnPage, string[]>;
}
