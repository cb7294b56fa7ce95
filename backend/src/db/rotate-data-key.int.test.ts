import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGroup } from "../../test/factories.js";
import { buildUser, freshDatabase, TEST_ENV, TestClient, type BuiltUser, type TestApp } from "../../test/harness.js";
import { repoRoot } from "../../test/processes.js";
import { startInstance } from "../../test/servers.js";
import { loadConfig } from "../config.js";
import { createLogger } from "../logger.js";
import { startServer } from "../server.js";
import { decryptWith, encryptWith } from "./crypto.js";
import { encryptedColumns, reencryptStoredText, UnreadableValueError } from "./rotate-data-key.js";

const OLD_HEX = TEST_ENV.DATA_ENCRYPTION_KEY;
const NEW_HEX = "22".repeat(32);
const OLD = Buffer.from(OLD_HEX, "hex");
const NEW = Buffer.from(NEW_HEX, "hex");
const run = promisify(execFile);

const readable = (key: Buffer, value: string) => {
  try {
    decryptWith(key, value);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!process.env.TEST_DATABASE_URL)("DATA_ENCRYPTION_KEY rotation on PostgreSQL", () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const apps: TestApp[] = [];
  let owner: BuiltUser;
  let groupId: number;
  const start = async (env: Record<string, string>) => {
    const app = await startInstance(db.target as never, env);
    apps.push(app);
    return app;
  };
  const storedMessages = async (app: TestApp) =>
    (await app.db.query(`SELECT id, content FROM group_messages ORDER BY id`)) as Array<{
      id: number;
      content: string;
    }>;
  const shownMessages = async (app: TestApp) => {
    const res = await new TestClient(app.url).request("GET", `/api/groups/${groupId}/messages`, undefined, {
      cookie: owner.client.cookieHeader,
    });
    expect(res.status).toBe(200);
    return (res.body as { messages: Array<{ content: string }> }).messages.map((m) => m.content).sort();
  };

  beforeAll(async () => {
    db = await freshDatabase();
    const before = await start({});
    owner = await buildUser(before);
    groupId = await buildGroup(before, owner);
    for (const n of [1, 2, 3, 4, 5]) {
      expect((await owner.client.post(`/api/groups/${groupId}/messages`, { content: `old ${n}` })).status).toBe(201);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.drop();
  });

  it("finds the encrypted columns from the entities", () => {
    const columns = encryptedColumns(apps[0]!.db).map((c) => `${c.table}.${c.column}`);
    expect(columns.sort()).toEqual([
      "group_messages.content",
      "notifications.text",
      "shared_trip_locations.address",
      "shared_trip_locations.notes",
      "shared_trip_messages.content",
      "user_locations.address",
      "user_locations.notes",
    ]);
  });

  it("serves old and new text while rotating, re-encrypts in batches, and can be run again", async () => {
    // Step 1 of the runbook: the nodes learn the new key and keep the old one for reading.
    const rotating = await start({ DATA_ENCRYPTION_KEY: NEW_HEX, DATA_ENCRYPTION_KEY_PREVIOUS: OLD_HEX });
    const writer = new TestClient(rotating.url);
    for (const [k, v] of owner.client.cookies) writer.cookies.set(k, v);
    expect((await writer.post(`/api/groups/${groupId}/messages`, { content: "new 1" })).status).toBe(201);
    expect(await shownMessages(rotating)).toEqual(["new 1", "old 1", "old 2", "old 3", "old 4", "old 5"]);
    const stored = await storedMessages(rotating);
    expect(stored.filter((m) => readable(OLD, m.content))).toHaveLength(5);
    expect(stored.filter((m) => readable(NEW, m.content))).toHaveLength(1);

    // Step 2: re-encrypt.
    const batches: number[] = [];
    const result = await reencryptStoredText(
      rotating.db,
      { current: NEW, previous: [OLD] },
      { batchSize: 2, onBatch: (column, done) => column === "group_messages.content" && batches.push(done) },
    );
    expect(result.columns["group_messages.content"]).toEqual({ reencrypted: 5, alreadyCurrent: 1 });
    expect(batches).toEqual([2, 4, 6]);
    const after = await storedMessages(rotating);
    for (const m of after) {
      expect(readable(NEW, m.content)).toBe(true);
      expect(readable(OLD, m.content)).toBe(false);
    }
    // Nothing else changed: same rows, same texts.
    expect(after.map((m) => m.id)).toEqual(stored.map((m) => m.id));

    // Step 3: the old key is gone from the settings, and everything still reads.
    const rotated = await start({ DATA_ENCRYPTION_KEY: NEW_HEX });
    expect(await shownMessages(rotated)).toEqual(["new 1", "old 1", "old 2", "old 3", "old 4", "old 5"]);

    const again = await reencryptStoredText(rotated.db, { current: NEW, previous: [OLD] });
    expect(again.columns["group_messages.content"]).toEqual({ reencrypted: 0, alreadyCurrent: 6 });
  });

  it("stops without changing a batch that holds a value no given key reads", async () => {
    const app = apps.at(-1)!;
    const [first] = (await app.db.query(`SELECT id FROM group_messages ORDER BY id LIMIT 1`)) as Array<{ id: number }>;
    const id = first!.id;
    const foreign = encryptWith(Buffer.alloc(32, 7), "foreign");
    await app.db.query(`UPDATE group_messages SET content = $1 WHERE id = $2`, [foreign, id]);
    await expect(reencryptStoredText(app.db, { current: OLD, previous: [NEW] })).rejects.toThrow(UnreadableValueError);
    const [row] = (await app.db.query(`SELECT content FROM group_messages WHERE id = $1`, [id])) as Array<{
      content: string;
    }>;
    expect(row!.content).toBe(foreign);
    const others = (await storedMessages(app)).filter((m) => m.id !== id);
    expect(others.every((m) => readable(NEW, m.content))).toBe(true);
  });
});

// The command itself, once per CI run: on the embedded pass (PostgreSQL runs the same code above).
describe.skipIf(!!process.env.TEST_DATABASE_URL)("npm run rotate-data-key on the embedded database", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-rotate-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("re-encrypts DATA_DIR's database from the previous key to the new one", async () => {
    const env = { ...TEST_ENV, DATA_DIR: dataDir };
    const config = loadConfig(env);
    const first = await startServer({ config, log: createLogger("silent") });
    const app = { ...first, config, client: () => new TestClient(first.url) } as TestApp;
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    expect((await owner.client.post(`/api/groups/${groupId}/messages`, { content: "kept" })).status).toBe(201);
    await first.close();

    const cli = await run(
      process.execPath,
      ["--conditions=@caravan/source", "--import", "tsx", "backend/src/rotate-data-key.ts"],
      {
        cwd: repoRoot,
        env: { ...process.env, ...env, DATA_ENCRYPTION_KEY: NEW_HEX, DATA_ENCRYPTION_KEY_PREVIOUS: OLD_HEX },
      },
    );
    expect(cli.stdout).toContain("group_messages.content: 1 re-encrypted, 0 already under the new key");

    const newConfig = loadConfig({ ...env, DATA_ENCRYPTION_KEY: NEW_HEX });
    const second = await startServer({ config: newConfig, log: createLogger("silent") });
    try {
      const client = new TestClient(second.url);
      for (const [k, v] of owner.client.cookies) client.cookies.set(k, v);
      const res = await client.get(`/api/groups/${groupId}/messages`);
      expect(res.status).toBe(200);
      expect(res.body.messages.map((m: { content: string }) => m.content)).toEqual(["kept"]);
      const [row] = await second.db.query(`SELECT content FROM group_messages`);
      expect(readable(OLD, row.content)).toBe(false);
    } finally {
      await second.close();
    }
  }, 120_000);
});
