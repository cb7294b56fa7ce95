import type { ComponentProps } from "react";
import { onDemand, whenOpen } from "../../components/on-demand";
import type { TrackerAppsDialog as View } from "./TrackerAppsDialog";

/** The tracker apps dialog, loaded the first time it opens. */
export const TrackerAppsDialog = onDemand<ComponentProps<typeof View>>(
  () => import("./TrackerAppsDialog").then((m) => m.TrackerAppsDialog),
  whenOpen,
);
export { TrackerSharingSwitch } from "./TrackerSharingSwitch";
