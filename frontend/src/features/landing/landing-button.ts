import { AUTH_DIALOG_TEXTS, AUTH_DIALOG_TITLES } from "@caravan/common";
import {
  DIALOG_LOADING_ATTRIBUTE,
  DIALOG_TITLE_ATTRIBUTE,
  LANDING_ACTIONS,
  landingAction,
  type LandingAction,
} from "../../lib/landing-actions";

/** A landing page button's attributes: its action and, for one that opens the sign-in dialog, that dialog's texts. */
export function landingButton(action: LandingAction): Record<string, string> {
  const view = LANDING_ACTIONS[action];
  return {
    ...landingAction(action),
    ...(view && {
      [DIALOG_TITLE_ATTRIBUTE]: AUTH_DIALOG_TITLES[view],
      [DIALOG_LOADING_ATTRIBUTE]: AUTH_DIALOG_TEXTS.loading,
    }),
  };
}
