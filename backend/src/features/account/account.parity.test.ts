/**
 * common's deleteAccountRequestSchema and the server's DeleteAccountDto answer the same requests alike, and the delete
 * dialog's answer, sent as the field its account needs, is refused by neither once the dialog accepts it.
 */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_TEXTS,
  EMAIL_MAX,
  PASSWORD_MAX,
  VALIDATION,
  deleteAccountRequestSchema,
  deleteAccountSchema,
  firstErrors,
} from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { DeleteAccountDto } from "./account.dto.js";

const cases: Record<string, unknown>[] = [
  {},
  { password: "Sup3rSecret" },
  { email: "ana@example.com" },
  { password: null, email: null },
  { password: "" },
  { password: "p".repeat(PASSWORD_MAX) },
  { password: "p".repeat(PASSWORD_MAX + 1) },
  { password: 12345678 },
  { email: "e".repeat(EMAIL_MAX) },
  { email: "e".repeat(EMAIL_MAX + 1) },
  { email: ["ana@example.com"] },
  { password: "p".repeat(PASSWORD_MAX + 1), email: true },
];

const answers = [
  "Sup3rSecret",
  "  ana@example.com ",
  "",
  "   ",
  "a".repeat(EMAIL_MAX + 1),
  "p".repeat(PASSWORD_MAX + 1),
];

describe("account deletion validation parity between the browser and the server", () => {
  it.each(cases.map((c, i) => [i, c]))("case %i", async (_i, payload) => {
    expect(await validationErrors(DeleteAccountDto, payload)).toEqual(
      await firstErrors(deleteAccountRequestSchema, payload),
    );
  });

  it.each(answers.map((a, i) => [i, a]))("dialog answer %i", async (_i, answer) => {
    for (const by of ["password", "email"] as const) {
      const dialog = await firstErrors(deleteAccountSchema(by), { answer });
      const server = await validationErrors(DeleteAccountDto, { [by]: answer });
      // A blank answer is the service's to refuse (it knows which one the account needs); a long one, both refuse.
      if (answer.trim() === "") expect(dialog).toEqual({ answer: ACCOUNT_TEXTS[`${by}Required`] });
      else expect(dialog.answer).toEqual(server[by]);
    }
  });

  it("is not vacuous", async () => {
    expect(await validationErrors(DeleteAccountDto, cases.at(-1)!)).toEqual({
      password: VALIDATION.passwordTooLong,
      email: ACCOUNT_TEXTS.emailRequired,
    });
    expect(await firstErrors(deleteAccountSchema("email"), { answer: "a".repeat(EMAIL_MAX + 1) })).toEqual({
      answer: VALIDATION.emailTooLong,
    });
  });
});
