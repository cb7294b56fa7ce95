/** The invite-by-e-mail form's yup schema and the server's EmailInviteDto answer the same payloads alike. */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { VALIDATION, firstErrors, inviteEmailSchema } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { EmailInviteDto } from "./invites.dto.js";

const cases: Record<string, unknown>[] = [
  {},
  { email: "olga@example.com" },
  { email: "  Olga@Example.com  " },
  { email: "" },
  { email: "   " },
  { email: null },
  { email: "olga" },
  { email: "olga@example" },
  { email: "ol ga@example.com" },
  { email: `${"a".repeat(250)}@example.com` },
];

describe("invite e-mail validation parity between the browser and the server", () => {
  it.each(cases.map((c) => [c]))("%j", async (payload) => {
    expect(await validationErrors(EmailInviteDto, payload)).toEqual(await firstErrors(inviteEmailSchema, payload));
  });

  it("is not vacuous", async () => {
    expect(await firstErrors(inviteEmailSchema, { email: "olga" })).toEqual({ email: VALIDATION.inviteEmailInvalid });
  });
});
