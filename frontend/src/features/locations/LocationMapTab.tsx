import { Box, Button, HStack, Skeleton, Spinner, Stack, Text } from "@chakra-ui/react";
import { lazy, Suspense, useState } from "react";
import { GEOLOCATION_OPTIONS, LOCATION_TEXTS, TOASTS } from "@caravan/common";
import { MapPinIcon } from "../../components/icons";
import { notify } from "../../components/toaster";
import { currentPosition, GeolocationError, type Coordinates } from "./geolocation";

const LocationPickerMap = lazy(() => import("./LocationPickerMap"));

/** Map Selection: tap the map or use the device's position; the chosen point shows under the map. */
export function LocationMapTab({
  point,
  startAt,
  onChoose,
}: {
  point: Coordinates | null;
  startAt: Coordinates[];
  onChoose(point: Coordinates): void;
}) {
  const [locating, setLocating] = useState(false);

  const useCurrentLocation = async () => {
    setLocating(true);
    try {
      onChoose(await currentPosition(GEOLOCATION_OPTIONS));
    } catch (err) {
      const text = err instanceof GeolocationError ? err.message : LOCATION_TEXTS.geolocationFailed;
      notify("error", TOASTS.errorTitle, text);
    } finally {
      setLocating(false);
    }
  };

  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {LOCATION_TEXTS.mapHint}
      </Text>
      <Box
        height={{ base: "15rem", sm: "16rem" }}
        borderRadius="xl"
        overflow="hidden"
        borderWidth="1px"
        borderColor="border.muted"
        isolation="isolate"
        data-testid="location-picker"
      >
        <Suspense fallback={<Skeleton height="100%" />}>
          <LocationPickerMap value={point} startAt={startAt} onChange={onChoose} />
        </Suspense>
      </Box>
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Button variant="outline" colorPalette="brand" size="sm" onClick={useCurrentLocation} disabled={locating}>
          {locating ? <Spinner size="xs" /> : <MapPinIcon boxSize="4" />}
          {locating ? LOCATION_TEXTS.locating : LOCATION_TEXTS.useCurrentLocation}
        </Button>
        <Text fontSize="sm" color="ink.muted" fontVariantNumeric="tabular-nums" data-testid="picked-point">
          {point ? `${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}` : ""}
        </Text>
      </HStack>
    </Stack>
  );
}
