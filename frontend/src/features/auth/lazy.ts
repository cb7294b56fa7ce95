import { lazyWithQueries } from "../../api/lazy-with-queries";

/** The sign-in dialog, with its forms and their validation, loaded the first time it is shown, not with the page. */
export const AuthDialog = lazyWithQueries(() => import("./AuthDialog").then((m) => m.AuthDialog));
