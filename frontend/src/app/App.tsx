import { Fragment } from "react";
import { BrowserRouter } from "react-router-dom";
import { useLocale } from "../lib/language";
import { AppProviders } from "./providers";
import { AppRoutes } from "./router";

export function App() {
  // A new language renders the pages again from the start, so that every text, memoized or not, is read anew.
  const locale = useLocale();
  return (
    <AppProviders>
      <BrowserRouter>
        <Fragment key={locale}>
          <AppRoutes />
        </Fragment>
      </BrowserRouter>
    </AppProviders>
  );
}
