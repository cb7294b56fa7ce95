import { ChakraProvider } from "@chakra-ui/react";
import type { EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import type { ReactNode } from "react";
import { Toaster } from "../components/toaster";
import { adoptRenderedStyles } from "./rendered-styles";
import { createEmotionCache } from "./emotion";
import { caravanSystem } from "./theme";

/** Emotion's cache (emotion.ts), told which rules a page the server rendered has already. */
let pageCache: EmotionCache | undefined;
const emotionCacheOfThePage = (): EmotionCache => {
  if (!pageCache) {
    pageCache = createEmotionCache();
    adoptRenderedStyles(pageCache);
  }
  return pageCache;
};

/**
 * What every page has. Server state (the query cache) comes with the first screen that reads it (`lazyWithQueries`).
 * The server draws a page with an Emotion cache of the drawing's own (server-render.tsx), the app with the page's.
 */
export function AppProviders({ children, emotionCache }: { children: ReactNode; emotionCache?: EmotionCache }) {
  return (
    <CacheProvider value={emotionCache ?? emotionCacheOfThePage()}>
      <ChakraProvider value={caravanSystem()}>
        {children}
        <Toaster />
      </ChakraProvider>
    </CacheProvider>
  );
}
