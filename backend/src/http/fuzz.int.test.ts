import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGroup } from "../../test/factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../test/harness.js";
import { REQUEST_FIELDS } from "../../test/request-fields.js";
import { openSocket, type TestSocket } from "../../test/sockets.js";

/*
 * Generated bodies against every write route and socket event: whatever arrives, the answer is never a 5xx, the
 * process keeps serving, and a refused call writes nothing. Seeded and bounded, so a failure replays exactly.
 */
const SEED = 20261123;
const RUNS = 12;

let app: TestApp;
let owner: BuiltUser;
let ids: { group: number; checklist: number; item: number; proposal: number; share: string; tracker: string };

beforeAll(async () => {
  app = await startTestApp();
  owner = await buildUser(app);
  const group = await buildGroup(app, owner);
  const checklist = (await owner.client.post(`/api/groups/${group}/checklists`, { title: "Fuzz" })).body.id as number;
  const item = (await owner.client.post(`/api/checklists/${checklist}/items`, { text: "one" })).body.items[0]
    .id as number;
  const proposal = (await owner.client.post(`/api/groups/${group}/proposals`, { destinationName: "Lisbon" })).body
    .id as number;
  const share = (await owner.client.post("/api/shared-trips", { durationHours: 1 })).body.shareToken as string;
  const tracker = (await owner.client.post("/api/trackers", { name: "Fuzz" })).body.token as string;
  ids = { group, checklist, item, proposal, share, tracker };
});
afterAll(() => app?.close());

const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "\u0000", "2026-02-30", "https://x", "a@b.co", "yes", "text", "x".repeat(6000)),
);
const scalar = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
const value = fc.oneof(scalar, fc.jsonValue({ maxDepth: 4 }), fc.array(scalar, { maxLength: 3 }));
const shaped = fc.dictionary(fc.constantFrom(...REQUEST_FIELDS), value, { maxKeys: 8 });
const body = fc.oneof(shaped, fc.jsonValue({ maxDepth: 6 }), fc.anything({ maxDepth: 3 }));

/** Row counts of every table but sessions (a session row is not a partial write). */
async function counts(): Promise<Record<string, number>> {
  const tables: Array<{ name: string }> = await app.db.query(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('sessions', 'migrations')`,
  );
  const sql = tables.map((t) => `SELECT '${t.name}' AS name, count(*)::int AS n FROM "${t.name}"`).join(" UNION ALL ");
  const rows: Array<{ name: string; n: number }> = await app.db.query(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

const routes = (): Array<
  [method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, headers?: Record<string, string>]
> => [
  ["POST", "/api/auth/signup"],
  ["POST", "/api/auth/signin"],
  ["PUT", "/api/auth/profile"],
  ["POST", "/api/groups"],
  ["PATCH", `/api/groups/${ids.group}`],
  ["POST", `/api/groups/${ids.group}/invites`],
  ["POST", `/api/groups/${ids.group}/invites/link`],
  ["POST", `/api/groups/${ids.group}/messages`],
  ["POST", `/api/groups/${ids.group}/checklists`],
  ["POST", `/api/checklists/${ids.checklist}/items`],
  ["PUT", `/api/checklist-items/${ids.item}/toggle`],
  ["POST", `/api/groups/${ids.group}/proposals`],
  ["POST", `/api/proposals/${ids.proposal}/vote`],
  ["POST", `/api/groups/${ids.group}/locations`],
  ["POST", "/api/shared-trips"],
  ["POST", `/api/shared-trips/${ids.share}/locations`],
  ["POST", `/api/shared-trips/${ids.share}/messages`],
  ["POST", "/api/objects/upload"],
  ["PUT", `/api/groups/${ids.group}/cover-image`],
  ["POST", "/api/trackers"],
  ["PUT", `/api/groups/${ids.group}/tracker-sharing`],
  ["POST", "/api/notifications/read"],
  // The tracker apps' calls carry the token the way each app does, so bodies reach the parsers.
  [
    "POST",
    "/api/ingest/owntracks",
    { authorization: `Basic ${Buffer.from(`fuzz:${ids.tracker}`).toString("base64")}` },
  ],
  ["POST", `/api/ingest/osmand?id=${ids.tracker}`],
  // Last: a body that passed would end the account the other routes use.
  ["DELETE", "/api/auth/user"],
];

describe("generated bodies", () => {
  it("never answer 5xx on any write route, and a refused call writes nothing", { timeout: 120_000 }, async () => {
    for (const [method, path, headers] of routes()) {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const before = await counts();
          const res = await owner.client.request(method, path, JSON.stringify(payload ?? null), headers);
          expect(res.status, `${method} ${path} ${JSON.stringify(payload)}`).toBeLessThan(500);
          if (res.status >= 400) expect(await counts()).toEqual(before);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }
  });

  it("never answer 5xx for generated path ids and query strings", { timeout: 60_000 }, async () => {
    const segment = fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String), fc.constant("%00"));
    await fc.assert(
      fc.asyncProperty(segment, segment, async (a, b) => {
        const [x, y] = [encodeURIComponent(a), encodeURIComponent(b)];
        for (const [method, path] of [
          ["GET", `/api/groups/${x}`],
          ["DELETE", `/api/checklists/${x}`],
          ["DELETE", `/api/checklist-items/${x}`],
          ["POST", `/api/groups/${x}/finalize/${y}`],
          ["GET", `/api/invites/${x}`],
          ["POST", `/api/invites/${x}/accept`],
          ["GET", `/api/shared-trips/${x}`],
          ["POST", `/api/shared-trips/${x}/stop`],
          ["GET", `/api/groups/${ids.group}/messages?before=${y}`],
          ["GET", `/api/places/search?q=${x}`],
        ] as const) {
          const res = await owner.client.request(method, path, method === "GET" ? undefined : {});
          expect(res.status, `${method} ${path}`).toBeLessThan(500);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

/** Names every object inherits: a key named like one must reach the validators as plain data, never as a member. */
const INHERITED = [
  "constructor",
  "__proto__",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "toJSON",
] as const;

/** A JSON text whose fields hold objects keyed by inherited names, written out so that `__proto__` stays a key. */
const inheritedKeys = fc
  .array(
    fc.tuple(
      fc.constantFrom(...REQUEST_FIELDS),
      fc.constantFrom(...INHERITED),
      fc.oneof(fc.constant("{}"), fc.constant("1"), fc.constant('"x"'), fc.constant("[]"), fc.constant("null")),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((entries) => `{${entries.map(([field, key, inner]) => `"${field}":{"${key}":${inner}}`).join(",")}}`);

/** Form and query text as the tracker apps send it, with numbers long enough to make a backtracking pattern crawl. */
// Up to what a form body can hold: a pattern that backtracks on 99,000 digits takes longer than ANSWER_WITHIN_MS.
const digits = fc.oneof(
  fc.integer({ min: 1, max: 40_000 }).map((n) => "1".repeat(n)),
  fc.constant("1".repeat(99_000)),
);
const formValue = fc.oneof(
  text,
  digits,
  digits.map((d) => `${d}x`),
  digits.map((d) => `-${d}.${d}e`),
  fc.double().map(String),
);
const formText = fc
  .dictionary(fc.constantFrom(...REQUEST_FIELDS), formValue, { maxKeys: 6 })
  .map((fields) => new URLSearchParams(fields as Record<string, string>).toString());

const CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=caravan",
  "image/png",
  "application/octet-stream",
  "application/json; charset=latin1",
  "",
];

/** Every answer arrives within this; a request the server never answers fails here instead of hanging the suite. */
const ANSWER_WITHIN_MS = 10_000;

async function send(method: string, path: string, body: string | undefined, headers: Record<string, string>) {
  const res = await fetch(app.url + path, {
    method,
    body,
    headers,
    redirect: "manual",
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  await res.arrayBuffer();
  return res.status;
}

describe("generated bodies beyond JSON", () => {
  it("answer keys named like inherited members with a 4xx or a write, never a 5xx", { timeout: 120_000 }, async () => {
    for (const [method, path, headers] of routes()) {
      await fc.assert(
        fc.asyncProperty(inheritedKeys, fc.boolean(), async (payload, signedIn) => {
          const before = await counts();
          const client = signedIn ? owner.client : app.client();
          const res = await client.request(method, path, payload, headers);
          expect(res.status, `${method} ${path} ${payload}`).toBeLessThan(500);
          if (res.status >= 400) expect(await counts()).toEqual(before);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }
  });

  it("answer form bodies and query strings on the tracker ingest, with or without a token", async () => {
    await fc.assert(
      fc.asyncProperty(formText, fc.boolean(), fc.boolean(), async (form, withToken, asQuery) => {
        const token = withToken ? `id=${ids.tracker}&` : "";
        const status = asQuery
          ? await send("GET", `/api/ingest/osmand?${token}${form}`, undefined, {})
          : await send("POST", `/api/ingest/osmand?${token}`, form, {
              "content-type": "application/x-www-form-urlencoded",
            });
        expect(status, form.slice(0, 200)).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: RUNS * 2 },
    );
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it("answer a body of every content type on every write route, signed in and out", { timeout: 120_000 }, async () => {
    // A body each type's parser accepts, so that it is read, plus one no parser takes.
    const bodyFor = (type: string) =>
      type.startsWith("application/json")
        ? '{"name":"x","lat":1,"lon":2}'
        : type.startsWith("application/x-www-form-urlencoded")
          ? "name=x&lat=1&lon=2"
          : type.startsWith("multipart/")
            ? '--caravan\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--caravan--\r\n'
            : "\u0089PNG\r\n";
    // The upload URL takes the raw image, so its body must never be read by anything else first.
    const upload = async () =>
      new URL((await owner.client.post("/api/objects/upload")).body.uploadURL as string, app.url).pathname;
    const rawBodyRoutes = await Promise.all(CONTENT_TYPES.map(async () => ["PUT", await upload()] as const));
    for (const [method, path, headers] of [...routes(), ...rawBodyRoutes]) {
      for (const type of CONTENT_TYPES) {
        for (const signedIn of [true, false]) {
          const body = bodyFor(type);
          const h: Record<string, string> = { ...headers };
          if (type) h["content-type"] = type;
          if (signedIn) h.cookie = owner.client.cookieHeader;
          const status = await send(method, path, body, h);
          expect(status, `${method} ${path} as ${type || "no content type"}`).toBeLessThan(500);
        }
      }
    }
  });
});

interface UntypedSocket {
  emit(event: string, payload: unknown): void;
  timeout(ms: number): { emitWithAck(event: string, payload: unknown): Promise<unknown> };
}

describe("generated socket events", () => {
  let sockets: TestSocket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));

  it("answer or ignore anything sent to subscribe and unsubscribe, and keep serving", { timeout: 60_000 }, async () => {
    const signedIn = await openSocket(app.url, { as: owner.client });
    const anonymous = await openSocket(app.url);
    sockets = [signedIn, anonymous];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(signedIn, anonymous),
        fc.constantFrom("subscribe" as const, "unsubscribe" as const),
        fc.oneof(body, fc.record({ groupId: value }), fc.record({ shareToken: value })),
        fc.boolean(),
        async (socket, event, payload, withAck) => {
          // Untyped on purpose: the point is to send what the typed events forbid.
          const raw = socket as unknown as UntypedSocket;
          if (withAck) {
            const ack = await raw
              .timeout(2_000)
              .emitWithAck(event, payload)
              .catch(() => "no answer");
            expect(ack === "no answer" || (typeof ack === "object" && ack !== null && "ok" in ack)).toBe(true);
          } else {
            raw.emit(event, payload);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS * 4 },
    );
    expect(signedIn.connected && anonymous.connected).toBe(true);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    const untyped = signedIn as unknown as UntypedSocket;
    expect(await untyped.timeout(2_000).emitWithAck("subscribe", { groupId: ids.group })).toEqual({ ok: true });
  });
});
