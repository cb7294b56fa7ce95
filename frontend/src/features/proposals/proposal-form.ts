/** The propose dialog's form: its values, its checks, and the payload SPEC §5 says to send. */
import {
  PROPOSAL_DURATION_MAX_HOURS,
  VALIDATION,
  firstErrors,
  proposalDestinationSchema,
  type DestinationResult,
} from "@caravan/common";
import type { NewProposal } from "./api";

export type WhenMode = "dates" | "duration";

export interface ProposalForm {
  destinationName: string;
  destinationAddress: string;
  mode: WhenMode;
  /** datetime-local values: the proposer's own wall-clock time. */
  start: string;
  end: string;
  /** Formik hands a number input's value over as a number once it parses, and as "" when empty. */
  duration: string | number;
}

export const emptyProposalForm: ProposalForm = {
  destinationName: "",
  destinationAddress: "",
  mode: "dates",
  start: "",
  end: "",
  duration: "",
};

const isWholeHours = (n: number) => Number.isInteger(n) && n >= 1 && n <= PROPOSAL_DURATION_MAX_HOURS;

export async function validateProposalForm(values: ProposalForm): Promise<Partial<Record<keyof ProposalForm, string>>> {
  const errors: Partial<Record<keyof ProposalForm, string>> = await firstErrors(proposalDestinationSchema, values);
  if (values.mode === "dates") {
    if (values.end && !values.start) errors.end = VALIDATION.endWithoutStart;
    else if (values.start && values.end && new Date(values.end) < new Date(values.start))
      errors.end = VALIDATION.endBeforeStart;
  } else if (String(values.duration).trim() !== "") {
    const hours = Number(values.duration);
    if (hours !== 0 && !isWholeHours(hours)) errors.duration = VALIDATION.durationInvalid;
  }
  return errors;
}

/**
 * SPEC §5: dates as ISO timestamps when a start is set; otherwise a duration, sent only when it is not zero. A place
 * picked in the destination search adds its coordinates and id, as long as its name was kept.
 */
export function toPayload(values: ProposalForm, picked: DestinationResult | null): NewProposal {
  const payload: NewProposal = {
    destinationName: values.destinationName.trim(),
    destinationAddress: values.destinationAddress.trim() || null,
  };
  if (picked && picked.name === payload.destinationName) {
    payload.destinationLatitude = picked.latitude;
    payload.destinationLongitude = picked.longitude;
    payload.destinationPlaceId = picked.placeId;
  }
  if (values.mode === "dates" && values.start) {
    payload.startDate = new Date(values.start).toISOString();
    if (values.end) payload.endDate = new Date(values.end).toISOString();
  }
  if (values.mode === "duration") {
    const hours = Number(values.duration);
    if (String(values.duration).trim() !== "" && hours !== 0) payload.durationHours = hours;
  }
  return payload;
}
