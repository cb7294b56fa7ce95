/** common's coverImageSchema and the server's CoverImageDto answer the same requests alike. */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { URL_MAX, VALIDATION, coverImageSchema, firstErrors } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { CoverImageDto } from "./uploads.dto.js";

const cases: Record<string, unknown>[] = [
  {},
  { coverImageURL: "/objects/uploads/3f2a" },
  { coverImageURL: "https://storage.example.com/uploads/3f2a?X-Signature=abc" },
  { coverImageURL: "  /objects/uploads/3f2a  " },
  { coverImageURL: "" },
  { coverImageURL: "   " },
  { coverImageURL: null },
  { coverImageURL: "u".repeat(URL_MAX) },
  { coverImageURL: "u".repeat(URL_MAX + 1) },
  { coverImageURL: ` ${"u".repeat(URL_MAX)} ` },
  { coverImageURL: ["/objects/uploads/3f2a"] },
];

describe("cover image validation parity between the browser and the server", () => {
  it.each(cases.map((c, i) => [i, c]))("case %i", async (_i, payload) => {
    expect(await validationErrors(CoverImageDto, payload)).toEqual(await firstErrors(coverImageSchema, payload));
  });

  it("is not vacuous", async () => {
    expect(await firstErrors(coverImageSchema, { coverImageURL: " " })).toEqual({
      coverImageURL: VALIDATION.coverImageUrlRequired,
    });
    expect(await validationErrors(CoverImageDto, { coverImageURL: "u".repeat(URL_MAX + 1) })).toEqual({
      coverImageURL: VALIDATION.coverImageUrlTooLong,
    });
  });
});
