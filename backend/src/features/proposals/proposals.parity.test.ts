/** The propose dialog's destination schema and the server's ProposalDto answer the same destination alike. */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { VALIDATION, firstErrors, proposalDestinationSchema } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { ProposalDto } from "./proposals.dto.js";

const cases: Record<string, unknown>[] = [
  {},
  { destinationName: "Santiago de Compostela" },
  { destinationName: "Santiago", destinationAddress: "Galicia, Spain" },
  { destinationName: "Santiago", destinationAddress: "" },
  { destinationName: "Santiago", destinationAddress: null },
  { destinationName: "" },
  { destinationName: "   " },
  { destinationName: null },
  { destinationName: "n".repeat(500) },
  { destinationName: "n".repeat(501) },
  { destinationName: "Santiago", destinationAddress: "a".repeat(1001) },
  { destinationName: "", destinationAddress: "a".repeat(1001) },
];

describe("proposal destination validation parity between the browser and the server", () => {
  it.each(cases.map((c, i) => [i, c]))("case %i", async (_i, payload) => {
    expect(await validationErrors(ProposalDto, payload)).toEqual(await firstErrors(proposalDestinationSchema, payload));
  });

  it("is not vacuous", async () => {
    expect(await validationErrors(ProposalDto, cases.at(-1)!)).toEqual({
      destinationName: VALIDATION.destinationRequired,
      destinationAddress: VALIDATION.addressTooLong,
    });
  });
});
