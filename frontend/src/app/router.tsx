import { createBrowserRouter } from "react-router-dom";
import { JoinPage } from "../features/join/JoinPage";
import { SharedTripPage } from "../features/shared-trips";
import { GroupRoute } from "./GroupRoute";
import { HomeRoute } from "./HomeRoute";
import { NotFoundPage } from "./NotFoundPage";
import { RootLayout } from "./RootLayout";

/** Every route of SPEC §2, one line each. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: "/", element: <HomeRoute /> },
      { path: "/groups/:id", element: <GroupRoute /> },
      { path: "/join/:token", element: <JoinPage /> },
      { path: "/shared/:token", element: <SharedTripPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
