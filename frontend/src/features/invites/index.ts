import type { ComponentProps } from "react";
import { onDemand, whenOpen } from "../../components/on-demand";
import type { InviteMembersDialog as View } from "./InviteMembersDialog";

/** The Invite dialog, with its forms, loaded the first time it opens. */
export const InviteMembersDialog = onDemand<ComponentProps<typeof View>>(
  () => import("./InviteMembersDialog").then((m) => m.InviteMembersDialog),
  whenOpen,
);
