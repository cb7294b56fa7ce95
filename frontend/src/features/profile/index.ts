import type { ComponentProps } from "react";
import { onDemand, whenOpen } from "../../components/on-demand";
import type { ProfileDialog as View } from "./ProfileDialog";

/** The profile dialog, with its form and the account's deletion, loaded the first time it opens. */
export const ProfileDialog = onDemand<ComponentProps<typeof View>>(
  () => import("./ProfileDialog").then((m) => m.ProfileDialog),
  whenOpen,
);
