import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Toaster } from "../components/toaster";
import { caravanSystem } from "./theme";

/** What every page has. Server state (the query cache) comes with the first screen that reads it (`lazyWithQueries`). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={caravanSystem()}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
