import { Button, HStack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { GROUP_TEXTS } from "@caravan/common";
import { CalendarIcon, RouteIcon } from "../../components/icons";
import { useGroupDialogs } from "./dialog-store";

/**
 * The dashboard header's buttons: whatever other features put first (`children`), then 'Plan a Trip' and
 * 'Planned Trip', whose dialogs live in GroupsOverview.
 */
export function TripActions({ children }: { children?: ReactNode }) {
  const show = useGroupDialogs((s) => s.show);
  return (
    <HStack gap="2" flexWrap="wrap">
      {children}
      <Button variant="outline" colorPalette="brand" bg="surface.raised" onClick={() => show("plan")}>
        <RouteIcon />
        {GROUP_TEXTS.planTrip}
      </Button>
      <Button variant="outline" colorPalette="brand" bg="surface.raised" onClick={() => show("planned")}>
        <CalendarIcon />
        {GROUP_TEXTS.plannedTrip}
      </Button>
    </HStack>
  );
}
