import { describe, expect, it } from "vitest";
import { firstErrors, deleteAccountSchema } from "./schemas.js";
import { ACCOUNT_TEXTS } from "./texts/account.js";

describe("deleting the account", () => {
  it("asks for the password, or for an account without one the e-mail address", async () => {
    expect(await firstErrors(deleteAccountSchema("password"), { answer: "  " })).toEqual({
      answer: ACCOUNT_TEXTS.passwordRequired,
    });
    expect(await firstErrors(deleteAccountSchema("email"), { answer: "" })).toEqual({
      answer: ACCOUNT_TEXTS.emailRequired,
    });
  });

  it("leaves whether the answer is right to the server", async () => {
    expect(await firstErrors(deleteAccountSchema("password"), { answer: "wrong" })).toEqual({});
  });
});
