import { Suspense, useLayoutEffect } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router-dom";
import { lazyWithQueries } from "../api/lazy-with-queries";
import { AccountSlot } from "../components/AppTopBar";

// Only a signed-in user has a menu, and its dialogs pull in whole features: a visitor's first load never fetches it.
const AccountMenu = lazyWithQueries(() => import("./AccountMenu").then((m) => m.AccountMenu));

/** Fetches the user menu's code before a page asks for it, once someone is known to be signed in. */
export const preloadAccountMenu = (): void => void AccountMenu.preload();

/** A new page starts at its top; going back or forward leaves the position to the browser. */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

export function RootLayout() {
  return (
    <AccountSlot.Provider
      value={
        <Suspense fallback={null}>
          <AccountMenu />
        </Suspense>
      }
    >
      {/* Route code loads on first visit; navigations keep the previous page on screen until it has arrived. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <ScrollToTopOnNavigate />
    </AccountSlot.Provider>
  );
}
