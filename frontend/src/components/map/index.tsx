import { Box, Skeleton } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { onClient } from "../../lib/on-client";
import { useNearViewport } from "../../lib/use-near-viewport";
import type { MapViewProps } from "./types";

export type { MapDestination, MapPerson, MapViewProps } from "./types";

// Leaflet, the map's styles and its world outline load with the first map on screen, not with the app.
const LazyMapView = lazy(onClient(() => import("./MapView")));

/**
 * How close to the viewport a map's place must come before the map loads. On a phone the group page's map is below
 * the first screen: it loads as the reader scrolls towards it, and the page they opened becomes usable sooner.
 */
const MAP_LOAD_MARGIN = "150px 0px";

/**
 * The shared map (see MapView), loaded on demand once its place nears the viewport; a placeholder of the same size
 * shows meanwhile.
 */
export function TravelMap(props: MapViewProps) {
  const height = props.height ?? "24rem";
  const [near, placeRef] = useNearViewport<HTMLDivElement>(MAP_LOAD_MARGIN);
  const placeholder = (
    <Box ref={placeRef} height={height} width="100%" data-testid="map-placeholder">
      <Skeleton height="100%" borderRadius="xl" />
    </Box>
  );
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LazyMapView {...props} />
    </Suspense>
  );
}
