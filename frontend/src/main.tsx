import "@fontsource-variable/inter";
import "@fontsource-variable/plus-jakarta-sans";
import "./app/touch.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { registerServiceWorker } from "./app/service-worker";
import { installSessionExpiryHandler } from "./app/session-expiry";

installSessionExpiryHandler();
registerServiceWorker();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
