import { ChakraProvider } from "@chakra-ui/react";
import { CacheProvider } from "@emotion/react";
import type { ReactNode } from "react";
import { Toaster } from "../components/toaster";
import { adoptDrawnStyles } from "./drawn-styles";
import { createEmotionCache } from "./emotion";
import { caravanSystem } from "./theme";

/** Emotion's cache (emotion.ts), told which rules a page the server drew has already. */
const emotionCache = createEmotionCache();
adoptDrawnStyles(emotionCache);

/** What every page has. Server state (the query cache) comes with the first screen that reads it (`lazyWithQueries`). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={emotionCache}>
      <ChakraProvider value={caravanSystem()}>
        {children}
        <Toaster />
      </ChakraProvider>
    </CacheProvider>
  );
}
