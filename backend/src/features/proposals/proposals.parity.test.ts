/** The propose dialog's schemas and the server's ProposalDto and VoteDto answer the same payloads alike. */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { VALIDATION, firstErrors, proposalDestinationSchema, proposalSchema, voteSchema } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { ProposalDto, VoteDto } from "./proposals.dto.js";

const destinationCases: Record<string, unknown>[] = [
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

const lisbon = { destinationName: "Lisbon", destinationAddress: "Lisbon, Portugal" };

const proposalCases: Record<string, unknown>[] = [
  ...destinationCases,
  { ...lisbon, destinationLatitude: 38.72, destinationLongitude: -9.14, destinationPlaceId: "geonames:2267057" },
  { ...lisbon, destinationLatitude: null, destinationLongitude: null, destinationPlaceId: null },
  { ...lisbon, destinationLatitude: 90.5 },
  { ...lisbon, destinationLongitude: -181 },
  { ...lisbon, destinationLatitude: "north" },
  { ...lisbon, destinationPlaceId: "p".repeat(255) },
  { ...lisbon, destinationPlaceId: "p".repeat(256) },
  { ...lisbon, startDate: "2027-05-01T09:00:00.000Z", endDate: "2027-05-04T18:00:00.000Z" },
  { ...lisbon, startDate: "2027-05-01T09:00:00+01:00" },
  { ...lisbon, startDate: "2027-05-01" },
  { ...lisbon, startDate: null, endDate: null },
  { ...lisbon, startDate: "next friday" },
  { ...lisbon, startDate: "" },
  { ...lisbon, startDate: "2027-02-30T09:00:00Z" },
  { ...lisbon, startDate: "2027-05-01T09:00:00.000Z", endDate: "2027-05-04" + "T25:00:00Z" },
  { ...lisbon, durationHours: 1 },
  { ...lisbon, durationHours: 36 },
  { ...lisbon, durationHours: 8760 },
  { ...lisbon, durationHours: null },
  { ...lisbon, durationHours: 0 },
  { ...lisbon, durationHours: 8761 },
  { ...lisbon, durationHours: 2.5 },
  { ...lisbon, durationHours: "36" },
  { destinationName: "", destinationLatitude: 91, startDate: "soon", durationHours: -1 },
];

const voteCases: Record<string, unknown>[] = [
  {},
  { vote: "yes" },
  { vote: "no" },
  { vote: "maybe" },
  { vote: "YES" },
  { vote: "" },
  { vote: null },
  { vote: true },
  { vote: 1 },
  { vote: ["yes"] },
];

describe("proposal validation parity between the browser and the server", () => {
  it.each(destinationCases.map((c, i) => [i, c]))("destination case %i", async (_i, payload) => {
    expect(await validationErrors(ProposalDto, payload)).toEqual(await firstErrors(proposalDestinationSchema, payload));
  });

  it.each(proposalCases.map((c, i) => [i, c]))("proposal case %i", async (_i, payload) => {
    expect(await validationErrors(ProposalDto, payload)).toEqual(await firstErrors(proposalSchema, payload));
  });

  it.each(voteCases.map((c, i) => [i, c]))("vote case %i", async (_i, payload) => {
    expect(await validationErrors(VoteDto, payload)).toEqual(await firstErrors(voteSchema, payload));
  });

  it("is not vacuous", async () => {
    expect(await validationErrors(ProposalDto, destinationCases.at(-1)!)).toEqual({
      destinationName: VALIDATION.destinationRequired,
      destinationAddress: VALIDATION.addressTooLong,
    });
    expect(await firstErrors(proposalSchema, proposalCases.at(-1)!)).toEqual({
      destinationName: VALIDATION.destinationRequired,
      destinationLatitude: VALIDATION.latitudeRange,
      startDate: VALIDATION.invalidDate,
      durationHours: VALIDATION.durationInvalid,
    });
    expect(await validationErrors(VoteDto, { vote: "maybe" })).toEqual({ vote: VALIDATION.voteInvalid });
    expect(await firstErrors(voteSchema, { vote: "no" })).toEqual({});
  });
});
