import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { ERRORS } from "@caravan/common";
import { readLimitedBody } from "./read-body.js";

/** A request whose body is `text`, as the HTTP server hands it over. */
function request(text: string): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.push(Buffer.from(text));
  req.push(null);
  return req;
}

const readAll = (req: IncomingMessage) =>
  new Promise<void>((resolve) => {
    req.on("data", () => undefined);
    req.on("end", () => resolve());
  });

describe("readLimitedBody", () => {
  it("reads the body", async () => {
    expect((await readLimitedBody(request("hello"), 100, "too large")).toString()).toBe("hello");
  });

  it("refuses at once with 415 a body something else has already read, instead of waiting for its end", async () => {
    const req = request('{"a":1}');
    await readAll(req);
    await expect(readLimitedBody(req, 100, "too large")).rejects.toMatchObject({
      status: 415,
      message: ERRORS.rawBodyExpected,
    });
  });

  it("fails at once for a request that closed before its body ended", async () => {
    const req = new IncomingMessage(new Socket());
    req.push(Buffer.from("partial"));
    const reading = readLimitedBody(req, 100, "too large");
    req.destroy();
    await expect(reading).rejects.toMatchObject({ status: 400, message: ERRORS.bodyCutShort });
    await expect(readLimitedBody(req, 100, "too large")).rejects.toMatchObject({ status: 400 });
  });
});
