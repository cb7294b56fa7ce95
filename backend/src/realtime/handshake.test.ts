import { describe, expect, it } from "vitest";
import { originAllowed, readCookie } from "./handshake.js";

describe("readCookie", () => {
  it("reads a cookie as the cookies package does", () => {
    const header = "theme=dark; caravan.sid=abc123;  caravan.sid.sig=SIG; other=1";
    expect(readCookie(header, "caravan.sid")).toBe("abc123");
    expect(readCookie(header, "caravan.sid.sig")).toBe("SIG");
    expect(readCookie(header, "missing")).toBeNull();
  });

  it("takes the first of repeated cookies and never a longer name that starts the same", () => {
    expect(readCookie("xcaravan.sid=evil; caravan.sid=good; caravan.sid=later", "caravan.sid")).toBe("good");
    expect(readCookie("caravan.sid.sig=only-the-signature", "caravan.sid")).toBeNull();
  });

  it("drops the quotes around a quoted value", () => {
    expect(readCookie('caravan.sid="abc"', "caravan.sid")).toBe("abc");
  });
});

describe("originAllowed", () => {
  const publicUrl = "https://caravan.example";

  it("accepts the app's own origin and refuses any other", () => {
    expect(originAllowed({ origin: publicUrl }, publicUrl)).toBe(true);
    expect(originAllowed({ origin: "https://evil.example" }, publicUrl)).toBe(false);
    expect(originAllowed({ origin: "http://caravan.example" }, publicUrl)).toBe(false);
    expect(originAllowed({ origin: "null" }, publicUrl)).toBe(false);
  });

  it("accepts callers that send no Origin unless the browser says the request is cross-site", () => {
    expect(originAllowed({}, publicUrl)).toBe(true);
    expect(originAllowed({ "sec-fetch-site": "same-origin" }, publicUrl)).toBe(true);
    expect(originAllowed({ "sec-fetch-site": "cross-site" }, publicUrl)).toBe(false);
  });
});
