/**
 * The Create and Edit Group dialogs' yup schemas and the server's CreateGroupDto and UpdateGroupDto answer the same
 * bad payloads the same way.
 */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { VALIDATION, createGroupSchema, editGroupSchema, firstErrors, planTripSchema } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { CreateGroupDto, UpdateGroupDto } from "./groups.dto.js";

const good = {
  name: "European Adventure",
  description: "Trains all the way",
  status: "active",
  startDate: "2027-06-01T12:00:00.000Z",
  endDate: "2027-06-21T12:00:00.000Z",
  coverImageUrl: "https://images.example.com/alps.jpg",
  destinationName: "Vienna",
  destinationAddress: "Vienna, Austria",
  destinationLatitude: 48.2,
  destinationLongitude: 16.37,
  destinationPlaceId: "geonames:2761369",
};

const createCases: Record<string, unknown>[] = [
  {},
  good,
  { name: "Only a name" },
  { ...good, name: "" },
  { ...good, name: "   " },
  { ...good, name: null },
  { ...good, name: "x".repeat(255) },
  { ...good, name: "x".repeat(256) },
  { ...good, description: "" },
  { ...good, description: null },
  { ...good, description: "d".repeat(5001) },
  { ...good, status: "finalized" },
  { ...good, status: undefined },
  { ...good, startDate: "", endDate: "" },
  { ...good, startDate: null, endDate: null },
  { ...good, startDate: "not a date" },
  { ...good, startDate: "2027-02-30" },
  { ...good, startDate: "2027-06-01", endDate: "2027-06-21" },
  { ...good, startDate: "2027-06-01T10:00:00+02:00" },
  { ...good, endDate: "2027-05-01T12:00:00.000Z" },
  { ...good, startDate: null, endDate: "2027-05-01T12:00:00.000Z" },
  { ...good, coverImageUrl: "" },
  { ...good, coverImageUrl: "   " },
  { ...good, coverImageUrl: "http://images.example.com/a.jpg" },
  { ...good, coverImageUrl: "https://" },
  { ...good, coverImageUrl: "https://has space.com/a.jpg" },
  { ...good, coverImageUrl: "data:image/png;base64,AAAA" },
  { ...good, coverImageUrl: `https://e.com/${"a".repeat(2100)}` },
  { ...good, destinationName: "n".repeat(501) },
  { ...good, destinationAddress: "a".repeat(1001) },
  { ...good, destinationLatitude: 90 },
  { ...good, destinationLatitude: 90.01, destinationLongitude: -180.01 },
  { ...good, destinationLatitude: null, destinationLongitude: null },
  { ...good, destinationLatitude: "north" },
  { ...good, destinationPlaceId: "p".repeat(256) },
  { name: "", status: "nope", startDate: "x", coverImageUrl: "ftp://x", destinationLatitude: -100 },
];

describe("create-group validation parity between the browser and the server", () => {
  it.each(createCases.map((c) => [c]))("%j", async (payload) => {
    expect(await validationErrors(CreateGroupDto, payload)).toEqual(await firstErrors(createGroupSchema, payload));
  });

  it("is not vacuous: a bad payload yields one message per bad field", async () => {
    const errors = await validationErrors(CreateGroupDto, createCases.at(-1)!);
    expect(errors).toEqual({
      name: VALIDATION.groupNameRequired,
      status: VALIDATION.groupStatusInvalid,
      startDate: VALIDATION.invalidDate,
      coverImageUrl: VALIDATION.coverImageUrlHttps,
      destinationLatitude: VALIDATION.latitudeRange,
    });
  });
});

/** What the Edit Group form sends: every field it shows, the cover image aside (the upload control sets that). */
const { coverImageUrl: _cover, ...edited } = good;
const editCases: Record<string, unknown>[] = [
  edited,
  { ...edited, name: "" },
  { ...edited, name: "   " },
  { ...edited, name: null },
  { ...edited, name: "x".repeat(255) },
  { ...edited, name: "x".repeat(256) },
  { ...edited, description: "" },
  { ...edited, description: null },
  { ...edited, description: "d".repeat(5001) },
  { ...edited, status: "planning" },
  { ...edited, status: "finalized" },
  { ...edited, status: null },
  { ...edited, startDate: null, endDate: null },
  { ...edited, startDate: "not a date" },
  { ...edited, startDate: "2027-02-30" },
  { ...edited, endDate: "2027-05-01T12:00:00.000Z" },
  { ...edited, destinationLatitude: 90.01, destinationLongitude: -180.01 },
  { ...edited, destinationName: "n".repeat(501) },
  { name: "", description: "d".repeat(5001), status: "nope", startDate: "x", destinationLatitude: -100 },
];

describe("edit-group validation parity between the browser and the server", () => {
  it.each(editCases.map((c) => [c]))("%j", async (payload) => {
    expect(await validationErrors(UpdateGroupDto, payload)).toEqual(await firstErrors(editGroupSchema, payload));
  });

  it("is not vacuous, and keeps the Create dialog's messages", async () => {
    const errors = await validationErrors(UpdateGroupDto, editCases.at(-1)!);
    expect(errors).toEqual({
      name: VALIDATION.groupNameRequired,
      description: VALIDATION.descriptionTooLong,
      status: VALIDATION.groupStatusInvalid,
      startDate: VALIDATION.invalidDate,
      destinationLatitude: VALIDATION.latitudeRange,
    });
    const { status: _status, ...created } = errors;
    expect(await validationErrors(CreateGroupDto, { ...editCases.at(-1)!, status: "active" })).toEqual(created);
  });

  it("takes a PATCH of the destination alone, as a member's Update sends it", async () => {
    expect(await validationErrors(UpdateGroupDto, { destinationName: "Porto" })).toEqual({});
  });
});

describe("plan-a-trip form", () => {
  it.each([
    [{ name: "", description: "" }, { name: VALIDATION.tripTitleRequired }],
    [{ name: "   " }, { name: VALIDATION.tripTitleRequired }],
    [{ name: "t".repeat(101) }, { name: VALIDATION.tripTitleTooLong }],
    [{ name: "Lisbon", description: "d".repeat(501) }, { description: VALIDATION.descriptionTooLong }],
    [{ name: "t".repeat(100), description: "d".repeat(500) }, {}],
  ])("%j -> %j", async (payload, expected) => {
    expect(await firstErrors(planTripSchema, payload)).toEqual(expected);
  });

  it("whatever the form accepts, the server accepts as a planning group", async () => {
    for (const payload of [
      { name: "t".repeat(100), description: "d".repeat(500) },
      { name: " Oslo ", description: "" },
    ]) {
      expect(await firstErrors(planTripSchema, payload)).toEqual({});
      expect(await validationErrors(CreateGroupDto, { ...payload, status: "planning" })).toEqual({});
    }
  });
});
