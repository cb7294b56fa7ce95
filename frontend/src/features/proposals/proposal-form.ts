/** The propose dialog's form: its values, its checks, and the payload docs/product.md §5 says to send. */
import { VALIDATION, firstErrors, proposalSchema, type DestinationResult } from "@caravan/common";
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

/** Where each field of the payload is typed in the form. */
const FIELD_OF: Record<string, keyof ProposalForm> = {
  destinationName: "destinationName",
  destinationAddress: "destinationAddress",
  startDate: "start",
  endDate: "end",
  durationHours: "duration",
};

/**
 * The payload the form would send, against common's proposalSchema (the rules of the server's ProposalDto), each
 * message shown beneath the field it came from; then the dates' order, which the server checks in its service.
 */
export async function validateProposalForm(values: ProposalForm): Promise<Partial<Record<keyof ProposalForm, string>>> {
  const errors: Partial<Record<keyof ProposalForm, string>> = {};
  for (const [field, message] of Object.entries(await firstErrors(proposalSchema, toPayload(values, null)))) {
    const key = FIELD_OF[field];
    if (key) errors[key] = message;
  }
  if (values.mode === "dates" && !errors.end) {
    if (values.end && !values.start) errors.end = VALIDATION.endWithoutStart;
    else if (values.start && values.end && new Date(values.end) < new Date(values.start))
      errors.end = VALIDATION.endBeforeStart;
  }
  return errors;
}

/** A datetime-local value as an ISO timestamp; one that is not a time is kept as typed, for the schema to refuse. */
function isoOf(local: string): string {
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

/**
 * docs/product.md §5: dates as ISO timestamps when a start is set; otherwise a duration, sent only when it is not zero. A place
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
    payload.startDate = isoOf(values.start);
    if (values.end) payload.endDate = isoOf(values.end);
  }
  if (values.mode === "duration") {
    const hours = Number(values.duration);
    if (String(values.duration).trim() !== "" && hours !== 0) payload.durationHours = hours;
  }
  return payload;
}
