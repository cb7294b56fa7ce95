import { initials } from "@caravan/common";
import { Box, Circle } from "@chakra-ui/react";
import { Suspense, useLayoutEffect } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router-dom";
import { lazyWithQueries } from "../api/lazy-with-queries";
import { useSession } from "../api/session";
import { AccountSlot } from "../components/AppTopBar";

// Only a signed-in user has a menu, and its dialogs pull in whole features: a visitor's first load never fetches it.
const AccountMenu = lazyWithQueries(() => import("./AccountMenu").then((m) => m.AccountMenu));

/** Fetches the user menu's code before a page asks for it, once someone is known to be signed in. */
export const preloadAccountMenu = (): void => void AccountMenu.preload();

/**
 * The user menu's place, for someone signed in, while its code arrives (and in a page the server rendered, which leaves
 * the menu to the app): the avatar's circle in the menu button's box (UserMenu: a ghost button with a 1px border and
 * spacing 1 around a small solid avatar), not yet answering. Without it the header's other controls would move aside
 * as the menu arrives, under a tap already on its way to one of them. The circle carries the initials in the
 * avatar's type (Chakra's small avatar: `sm` text, medium weight, the palette's contrast colour), so nothing changes
 * on screen when the menu takes its place. Chakra's Button and Avatar are not part of the app's first load: the menu
 * brings them.
 */
function AccountMenuPending() {
  const user = useSession();
  if (!user) return null;
  return (
    <Box aria-hidden borderWidth="1px" borderColor="transparent" px="1" flexShrink="0">
      <Circle size="9" bg="brand.solid" color="brand.contrast" fontSize="sm" fontWeight="medium" lineHeight="1">
        {initials(user)}
      </Circle>
    </Box>
  );
}

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
        <Suspense fallback={<AccountMenuPending />}>
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
