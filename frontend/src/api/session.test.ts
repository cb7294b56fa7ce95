import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "@caravan/common";

const user: CurrentUser = {
  id: "7",
  email: "ines@example.com",
  firstName: "Ines",
  lastName: "Marchetti",
  profileImageUrl: null,
  provider: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  hasPassword: true,
  language: null,
};

let session: typeof import("./session");

beforeEach(async () => {
  vi.resetModules();
  session = await import("./session");
});

describe("who is signed in, as `/` knows it", () => {
  it("tells its readers of a new user, of a change to them, and of signing out, once each", () => {
    const seen: Array<CurrentUser | null | undefined> = [];
    const stop = session.subscribeToSession(() => seen.push(session.knownSession()));
    session.setSession(user);
    session.setSession({ ...user, firstName: "Inès" });
    session.setSession(null);
    session.setSession(null);
    stop();
    expect(seen).toEqual([user, { ...user, firstName: "Inès" }, null]);
  });

  it("keeps the user it has, and tells nobody, when the same user is read again", () => {
    session.setSession(user);
    let told = 0;
    const stop = session.subscribeToSession(() => (told += 1));
    session.setSession(JSON.parse(JSON.stringify(user)) as CurrentUser);
    stop();
    expect(told).toBe(0);
    expect(session.knownSession()).toBe(user);
  });
});
