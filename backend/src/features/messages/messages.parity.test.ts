/** The chat composers' yup schema and the server's MessageDto (a group's chat and a shared trip's) answer the same payloads alike. */
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { VALIDATION, firstErrors, messageSchema } from "@caravan/common";
import { validationErrors } from "../../http/validate.js";
import { MessageDto } from "./messages.dto.js";

const cases: Record<string, unknown>[] = [
  {},
  { content: "Buen Camino" },
  { content: "Buen Camino", messageType: "text" },
  { content: "Buen Camino", messageType: null },
  { content: "Buen Camino", messageType: "image" },
  { content: "" },
  { content: "   " },
  { content: null },
  { content: "m".repeat(2000) },
  { content: "m".repeat(2001) },
  { content: "", messageType: "sticker" },
];

describe("chat message validation parity between the browser and the server", () => {
  it.each(cases.map((c, i) => [i, c]))("case %i", async (_i, payload) => {
    expect(await validationErrors(MessageDto, payload)).toEqual(await firstErrors(messageSchema, payload));
  });

  it("is not vacuous", async () => {
    expect(await firstErrors(messageSchema, cases.at(-1))).toEqual({
      content: VALIDATION.messageRequired,
      messageType: VALIDATION.messageTypeInvalid,
    });
  });
});
