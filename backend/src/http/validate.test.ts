import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getMetadataStorage, ValidationTypes } from "class-validator";
import { describe, expect, it } from "vitest";
import { VALIDATION } from "@caravan/common";
import { ProfileDto, SigninDto } from "../features/auth/auth.dto.js";
import { LocationUpdateDto } from "../features/locations/locations.dto.js";
import { MarkReadDto } from "../features/notifications/notifications.dto.js";
import { CreateSharedTripDto, ShareDestinationDto } from "../features/shared-trips/shared-trips.dto.js";
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

describe("validateBody with keys that name members of every object", () => {
  const MEMBER_KEYS = ["constructor", "__proto__", "prototype", "toString", "hasOwnProperty", "valueOf"];
  /** As the body parser gives it: JSON.parse makes `__proto__` an own key like any other. */
  const withKey = (key: string, value: unknown) =>
    JSON.parse(JSON.stringify(value).replace(/"KEY"/g, JSON.stringify(key))) as object;

  it.each(MEMBER_KEYS)("refuses `%s` inside a text field with the field's own message", async (key) => {
    await expect(validateBody(SigninDto, withKey(key, { email: { KEY: {} }, password: "x" }))).rejects.toMatchObject({
      status: 400,
      message: VALIDATION.invalidEmail,
      details: { errors: { email: VALIDATION.invalidEmail } },
    });
    await expect(
      validateBody(ProfileDto, withKey(key, { firstName: "Tess", lastName: { KEY: 1 } })),
    ).rejects.toMatchObject({ status: 400, details: { errors: { lastName: VALIDATION.lastNameRequired } } });
    await expect(
      validateBody(LocationUpdateDto, withKey(key, { latitude: 1, longitude: 2, notes: { KEY: 1 } })),
    ).rejects.toMatchObject({ status: 400, details: { errors: { notes: VALIDATION.locationNotesText } } });
  });

  it.each(MEMBER_KEYS)("refuses `%s` in a list of numbers and in a nested destination's fields", async (key) => {
    await expect(validateBody(MarkReadDto, withKey(key, { ids: [1, { KEY: 1 }] }))).rejects.toMatchObject({
      status: 400,
      details: { errors: { ids: VALIDATION.notificationIdsInvalid } },
    });
    await expect(
      validateBody(
        CreateSharedTripDto,
        withKey(key, { durationHours: 2, destination: { name: { KEY: 1 }, latitude: 1, longitude: 2 } }),
      ),
    ).rejects.toMatchObject({
      status: 400,
      details: { errors: { destination: VALIDATION.shareDestinationIncomplete } },
    });
  });

  it.each(MEMBER_KEYS)("drops `%s` where the DTO has no such field, nested ones too", async (key) => {
    const signin = await validateBody(SigninDto, withKey(key, { email: "a@b.co", password: "x", KEY: { KEY: 1 } }));
    expect({ ...signin }).toEqual({ email: "a@b.co", password: "x" });
    expect(Object.getPrototypeOf(signin)).toBe(SigninDto.prototype);
    const trip = await validateBody(
      CreateSharedTripDto,
      withKey(key, { durationHours: 2, destination: { KEY: 1, name: "Lyon", latitude: 45.76, longitude: 4.84 } }),
    );
    expect({ ...trip.destination }).toEqual({ name: "Lyon", latitude: 45.76, longitude: 4.84 });
    expect(trip.destination).toBeInstanceOf(ShareDestinationDto);
  });

  it("keeps nested objects and lists the DTOs declare", async () => {
    expect((await validateBody(MarkReadDto, { ids: [1, 2] })).ids).toEqual([1, 2]);
  });
});

describe("the DTOs' rules", () => {
  it("all answer at once: validateBody validates synchronously, which would skip a rule that returns a promise", async () => {
    const features = path.join(path.dirname(fileURLToPath(import.meta.url)), "../features");
    const classes: Array<new () => object> = [];
    for (const feature of fs.readdirSync(features)) {
      for (const file of fs.readdirSync(path.join(features, feature)).filter((f) => f.endsWith(".dto.ts"))) {
        const module = (await import(path.join(features, feature, file))) as Record<string, unknown>;
        classes.push(...Object.values(module).filter((v): v is new () => object => typeof v === "function"));
      }
    }
    const storage = getMetadataStorage();
    const rules = classes
      .flatMap((dto) => storage.getTargetValidationMetadatas(dto, "", false, false))
      .filter((m) => m.type === ValidationTypes.CUSTOM_VALIDATION)
      .flatMap((m) => storage.getTargetValidatorConstraints(m.constraintCls));
    expect(rules.length).toBeGreaterThan(100);
    expect(rules.filter((rule) => rule.async).map((rule) => rule.name)).toEqual([]);
  });
});
