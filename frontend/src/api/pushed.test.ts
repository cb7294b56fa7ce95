import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { answerIsLatest, notePush, sentNow } from "./pushed";

describe("answers and pushes", () => {
  it("an answer is the latest word until the room pushes the same thing after the change left", () => {
    const client = new QueryClient();
    notePush(client, "proposal:1");
    const mark = sentNow(client);
    expect(answerIsLatest(client, "proposal:1", mark)).toBe(true);
    notePush(client, "proposal:2");
    expect(answerIsLatest(client, "proposal:1", mark)).toBe(true);
    notePush(client, "proposal:1");
    expect(answerIsLatest(client, "proposal:1", mark)).toBe(false);
    expect(answerIsLatest(client, "proposal:1", sentNow(client))).toBe(true);
  });

  it("keeps each query client's pushes apart, and applies an answer taken without a mark", () => {
    const one = new QueryClient();
    const other = new QueryClient();
    const mark = sentNow(one);
    notePush(other, "checklist:3");
    expect(answerIsLatest(one, "checklist:3", mark)).toBe(true);
    notePush(one, "checklist:3");
    expect(answerIsLatest(one, "checklist:3", mark)).toBe(false);
    expect(answerIsLatest(one, "checklist:3", undefined)).toBe(true);
  });
});
