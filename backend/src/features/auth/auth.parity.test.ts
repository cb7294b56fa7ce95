/** The yup schemas (browser) and the class-validator DTOs (server) answer the same bad payloads the same way. */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { firstErrors, profileSchema, signinSchema, signupSchema } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { ProfileDto, SigninDto, SignupDto } from "./auth.dto.js";

const good = {
  firstName: "Maya",
  lastName: "Okafor",
  email: "maya@example.com",
  password: "Roadtrip9",
  confirmPassword: "Roadtrip9",
};

const signupCases: Record<string, unknown>[] = [
  {},
  good,
  { ...good, firstName: "" },
  { ...good, firstName: "   " },
  { ...good, firstName: "x".repeat(51), lastName: "y".repeat(51) },
  { ...good, lastName: "" },
  { ...good, email: "" },
  { ...good, email: "nope" },
  { ...good, email: "a@b" },
  { ...good, email: `${"a".repeat(250)}@example.com` },
  { ...good, password: "", confirmPassword: "" },
  { ...good, password: "short", confirmPassword: "short" },
  { ...good, password: "lowercase1", confirmPassword: "lowercase1" },
  { ...good, password: "UPPERCASE1", confirmPassword: "UPPERCASE1" },
  { ...good, password: "NoDigitsAtAll", confirmPassword: "NoDigitsAtAll" },
  { ...good, password: "x".repeat(300) + "A1", confirmPassword: "x".repeat(300) + "A1" },
  { ...good, confirmPassword: "Roadtrip8" },
  { ...good, confirmPassword: undefined },
];

describe("validation parity between the browser and the server", () => {
  it.each(signupCases.map((c) => [c]))("signup %j", async (payload) => {
    expect(await validationErrors(SignupDto, payload)).toEqual(await firstErrors(signupSchema, payload));
  });

  it.each([
    [{}],
    [{ email: "maya@example.com", password: "anything" }],
    [{ email: "nope", password: "" }],
    [{ email: "maya@example.com" }],
  ])("signin %j", async (payload) => {
    expect(await validationErrors(SigninDto, payload)).toEqual(await firstErrors(signinSchema, payload));
  });

  it.each([[{}], [{ firstName: "A", lastName: "B" }], [{ firstName: "", lastName: "x".repeat(51) }]])(
    "profile %j",
    async (payload) => {
      expect(await validationErrors(ProfileDto, payload)).toEqual(await firstErrors(profileSchema, payload));
    },
  );

  it("is not vacuous: bad payloads do produce messages", async () => {
    expect(Object.keys(await validationErrors(SignupDto, {}))).toHaveLength(5);
  });
});
