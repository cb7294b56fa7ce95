import { Box, Skeleton } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { onClient } from "../../lib/on-client";
import type { MapViewProps } from "./types";

export type { MapDestination, MapPerson, MapViewProps } from "./types";

// Leaflet and the map's styles load with the first map on screen, not with the app.
const LazyMapView = lazy(onClient(() => import("./MapView")));

/** The shared map (see MapView), loaded on demand; a placeholder of the same size shows meanwhile. */
export function TravelMap(props: MapViewProps) {
  const height = props.height ?? "24rem";
  return (
    <Suspense
      fallback={
        <Box height={height} width="100%">
          <Skeleton height="100%" borderRadius="xl" />
        </Box>
      }
    >
      <LazyMapView {...props} />
    </Suspense>
  );
}
