import "./api/early-start";
import "@fontsource-variable/inter";
import "@fontsource-variable/plus-jakarta-sans";
import "./app/touch.css";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { registerServiceWorker } from "./app/service-worker";
import { installSessionExpiryHandler } from "./app/session-expiry";

installSessionExpiryHandler();
registerServiceWorker();

// As a transition, the first render yields to the browser every few milliseconds instead of holding the main
// thread for the whole page: a tap or scroll during start-up is answered at once.
const root = createRoot(document.getElementById("root")!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
