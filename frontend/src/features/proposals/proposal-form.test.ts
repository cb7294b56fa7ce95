import { describe, expect, it } from "vitest";
import { VALIDATION, type DestinationResult } from "@caravan/common";
import { emptyProposalForm, toPayload, validateProposalForm, type ProposalForm } from "./proposal-form";

const form = (values: Partial<ProposalForm>): ProposalForm => ({
  ...emptyProposalForm,
  destinationName: "Porto",
  ...values,
});
const porto: DestinationResult = {
  placeId: "geonames:2735943",
  name: "Porto",
  address: "Porto, Portugal",
  latitude: 41.15,
  longitude: -8.61,
};

describe("proposal form", () => {
  it("requires a destination", async () => {
    expect(await validateProposalForm(form({ destinationName: "  " }))).toEqual({
      destinationName: VALIDATION.destinationRequired,
    });
  });

  it("sends dates as ISO timestamps only when a start is set", () => {
    const start = "2031-06-10T09:00";
    const end = "2031-06-17T18:00";
    expect(toPayload(form({ start, end }), null)).toEqual({
      destinationName: "Porto",
      destinationAddress: null,
      startDate: new Date(start).toISOString(),
      endDate: new Date(end).toISOString(),
    });
    expect(toPayload(form({ start: "", end: "" }), null)).toEqual({
      destinationName: "Porto",
      destinationAddress: null,
    });
  });

  it("refuses an end before the start, or without one", async () => {
    expect((await validateProposalForm(form({ start: "2031-06-10T09:00", end: "2031-06-09T09:00" }))).end).toBe(
      VALIDATION.endBeforeStart,
    );
    expect((await validateProposalForm(form({ end: "2031-06-09T09:00" }))).end).toBe(VALIDATION.endWithoutStart);
  });

  it("sends a duration only when it is not zero, and only in duration mode", async () => {
    expect(toPayload(form({ mode: "duration", duration: 48 }), null).durationHours).toBe(48);
    expect(toPayload(form({ mode: "duration", duration: 0 }), null)).not.toHaveProperty("durationHours");
    expect(toPayload(form({ mode: "duration", duration: "" }), null)).not.toHaveProperty("durationHours");
    expect(toPayload(form({ mode: "dates", duration: 48 }), null)).not.toHaveProperty("durationHours");
    expect(toPayload(form({ mode: "duration", start: "2031-06-10T09:00" }), null)).not.toHaveProperty("startDate");
    expect((await validateProposalForm(form({ mode: "duration", duration: 2.5 }))).duration).toBe(
      VALIDATION.durationInvalid,
    );
    expect(await validateProposalForm(form({ mode: "duration", duration: 0 }))).toEqual({});
    expect((await validateProposalForm(form({ mode: "duration", duration: 8761 }))).duration).toBe(
      VALIDATION.durationInvalid,
    );
    expect((await validateProposalForm(form({ mode: "duration", duration: -3 }))).duration).toBe(
      VALIDATION.durationInvalid,
    );
  });

  it("checks what it would send with common's proposal schema, each message beneath its own field", async () => {
    expect(await validateProposalForm(form({ destinationAddress: "a".repeat(1001) }))).toEqual({
      destinationAddress: VALIDATION.addressTooLong,
    });
    expect(await validateProposalForm(form({ start: "not a time" }))).toEqual({ start: VALIDATION.invalidDate });
    expect(await validateProposalForm(form({ start: "2031-06-10T09:00", end: "2031-06-17T18:00" }))).toEqual({});
  });

  it("carries a picked place's coordinates and id while its name is kept", () => {
    expect(toPayload(form({ destinationAddress: porto.address }), porto)).toMatchObject({
      destinationLatitude: 41.15,
      destinationLongitude: -8.61,
      destinationPlaceId: "geonames:2735943",
    });
    expect(toPayload(form({ destinationName: "Porto Alegre" }), porto)).not.toHaveProperty("destinationPlaceId");
  });
});
