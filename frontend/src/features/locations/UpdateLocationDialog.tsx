import { LOCATION_TEXTS, type GroupLocation } from "@caravan/common";
import { AppDialog } from "../../components/AppDialog";
import { DialogHeader } from "../../components/DialogHeader";
import type { Coordinates } from "./geolocation";
import { LocationForm } from "./LocationForm";

export interface UpdateLocationDialogProps {
  groupId: number;
  /** The caller's current location in this group, to start from. */
  current: GroupLocation | null;
  /** Where Map Selection opens while no point is chosen (pickerStartPoints). */
  startAt: Coordinates[];
  googleMapsApiKey: string | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * docs/product.md §2 'Update Your Location': Map Selection (LocationMapTab) and Manual Entry, in LocationForm. Reopens blank:
 * its form unmounts on close.
 */
export function UpdateLocationDialog({
  groupId,
  current,
  startAt,
  googleMapsApiKey,
  open,
  onOpenChange,
}: UpdateLocationDialogProps) {
  return (
    <AppDialog
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      motionPreset="slide-in-bottom"
      size="lg"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      testId="location-dialog"
    >
      <DialogHeader title={LOCATION_TEXTS.dialogTitle} description={LOCATION_TEXTS.dialogDescription} />
      <LocationForm
        groupId={groupId}
        current={current}
        startAt={startAt}
        googleMapsApiKey={googleMapsApiKey}
        onDone={() => onOpenChange(false)}
      />
    </AppDialog>
  );
}
