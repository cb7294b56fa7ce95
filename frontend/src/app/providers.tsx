import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Toaster } from "../components/toaster";
import { system } from "./theme";

/** What every page has. Server state (the query cache) comes with the first screen that reads it (`lazyWithQueries`). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
