import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.js";

let app: TestApp;
/** The security headers as Koa sends them on an ordinary answer. */
let koaHeaders: Record<string, string>;

const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "cross-origin-opener-policy",
  "permissions-policy",
];

beforeAll(async () => {
  app = await startTestApp();
  const res = await fetch(`${app.url}/api/config`);
  koaHeaders = Object.fromEntries(SECURITY_HEADERS.map((h) => [h, res.headers.get(h) ?? ""]));
  for (const value of Object.values(koaHeaders)) expect(value).not.toBe("");
});
afterAll(() => app?.close());

const securityHeadersOf = (res: Response) => Object.fromEntries(SECURITY_HEADERS.map((h) => [h, res.headers.get(h)]));
const polling = (query = "") => `${app.url}/socket.io/?EIO=4&transport=polling${query}`;
const timeout = () => AbortSignal.timeout(5_000);

describe("Socket.IO's HTTP answers", () => {
  it("carry Koa's security headers on the polling handshake, a sent packet and the poll that follows", async () => {
    const handshake = await fetch(polling(), { signal: timeout() });
    expect(handshake.status).toBe(200);
    expect(securityHeadersOf(handshake)).toEqual(koaHeaders);
    const { sid } = JSON.parse((await handshake.text()).slice(1)) as { sid: string };

    // Connecting to the main namespace, as the client does next; the poll then answers with the connect packet.
    const send = await fetch(polling(`&sid=${sid}`), { method: "POST", body: "40", signal: timeout() });
    expect(send.status).toBe(200);
    expect(securityHeadersOf(send)).toEqual(koaHeaders);

    const poll = await fetch(polling(`&sid=${sid}`), { signal: timeout() });
    expect(poll.status).toBe(200);
    expect(await poll.text()).toMatch(/^40/);
    expect(securityHeadersOf(poll)).toEqual(koaHeaders);
  });

  it("carry them on a refused handshake too", async () => {
    const refused = await fetch(polling(), { headers: { origin: "https://evil.example" }, signal: timeout() });
    expect(refused.status).toBe(403);
    expect(securityHeadersOf(refused)).toEqual(koaHeaders);
    const unknown = await fetch(polling("&sid=nope"), { signal: timeout() });
    expect(unknown.status).toBe(400);
    expect(securityHeadersOf(unknown)).toEqual(koaHeaders);
  });
});
