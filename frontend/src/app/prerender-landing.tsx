import { ChakraProvider } from "@chakra-ui/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { LandingPage } from "../features/landing";
import { caravanSystem } from "./theme";

/**
 * The landing page as a visitor with no session first sees it, as HTML with its styles inline: the build writes it
 * into landing.html (frontend/build/prerender.ts). Only the build runs this, in Node.
 */
export function renderLanding(): string {
  return renderToString(
    <ChakraProvider value={caravanSystem()}>
      <MemoryRouter initialEntries={["/"]}>
        <LandingPage />
      </MemoryRouter>
    </ChakraProvider>,
  );
}
