import { describe, expect, it } from "vitest";
import { VALIDATION } from "@caravan/common";
import { LocationUpdateDto } from "../features/locations/locations.dto.js";
import { validateBody } from "./validate.js";

describe("validateBody", () => {
  it("answers the DTO with its rules applied and without the fields it does not declare", async () => {
    const body = await validateBody(LocationUpdateDto, {
      latitude: 59.913868312,
      longitude: 10.7522,
      address: "  Karl Johans gate ",
      userId: "someone-else",
      groupId: 99,
    });
    expect({ ...body }).toEqual({ latitude: 59.9138683, longitude: 10.7522, address: "Karl Johans gate" });
    expect(body).toBeInstanceOf(LocationUpdateDto);
  });

  it("refuses with the first failing field's message and every field's", async () => {
    await expect(validateBody(LocationUpdateDto, { latitude: "59", longitude: 200 })).rejects.toMatchObject({
      status: 400,
      message: VALIDATION.latitudeNumber,
      details: { errors: { latitude: VALIDATION.latitudeNumber, longitude: VALIDATION.longitudeRange } },
    });
    await expect(validateBody(LocationUpdateDto, [1, 2])).rejects.toMatchObject({ message: VALIDATION.invalidBody });
  });
});
