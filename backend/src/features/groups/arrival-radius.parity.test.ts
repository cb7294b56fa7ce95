/** The owner's arrival radius form and the server's UpdateGroupDto answer the same radius alike. */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { VALIDATION, arrivalRadiusSchema, firstErrors } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { UpdateGroupDto } from "./groups.dto.js";

const cases: unknown[] = [50, 100, 250, 5000, 49, 5001, 120.5, -1, 0, "200", "wide"];

describe("arrival radius validation parity between the browser and the server", () => {
  it.each(cases.map((c, i) => [i, c]))("case %i", async (_i, arrivalRadiusMeters) => {
    const payload = { arrivalRadiusMeters };
    const server = await validationErrors(UpdateGroupDto, payload);
    const browser = await firstErrors(arrivalRadiusSchema, payload);
    // The form turns a typed number into a number before checking it; the API takes only numbers.
    if (typeof arrivalRadiusMeters === "string")
      expect(server).toEqual({ arrivalRadiusMeters: VALIDATION.arrivalRadiusRange });
    else expect(server).toEqual(browser);
  });

  it("is not vacuous", async () => {
    expect(await firstErrors(arrivalRadiusSchema, { arrivalRadiusMeters: 1 })).toEqual({
      arrivalRadiusMeters: VALIDATION.arrivalRadiusRange,
    });
  });
});
