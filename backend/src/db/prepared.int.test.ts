import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createDataSource } from "./data-source.js";
import { preparedQuery } from "./prepared.js";

const NAME = "caravan_test_prepared";
const TEXT = `SELECT $1::int + 1 AS "n"`;
const preparedNames = async (db: { query(sql: string): Promise<Array<{ name: string }>> }) =>
  (await db.query(`SELECT name FROM pg_prepared_statements`)).map((r) => r.name);

describe("statements prepared by name", () => {
  describe.runIf(process.env.TEST_DATABASE_URL)("on a PostgreSQL server", () => {
    let drop: () => Promise<void>;
    const db = { current: null as ReturnType<typeof createDataSource> | null };
    beforeAll(async () => {
      const fresh = await freshDatabase();
      drop = fresh.drop;
      if (fresh.target === "memory") throw new Error("TEST_DATABASE_URL gives a server");
      // One connection, so the statement and the check below meet in the same session.
      db.current = createDataSource(fresh.target, 1);
      await db.current.initialize();
    });
    afterAll(async () => {
      await db.current?.destroy();
      await drop?.();
    });

    it("are prepared once on the connection and answer each call with its own values, also after one that failed", async () => {
      expect(await preparedNames(db.current!)).not.toContain(NAME);
      expect(await preparedQuery(db.current!, NAME, TEXT, [1])).toEqual([{ n: 2 }]);
      await expect(preparedQuery(db.current!, NAME, TEXT, ["not a number"])).rejects.toThrow(/invalid input syntax/);
      expect(await preparedQuery(db.current!, NAME, TEXT, [41])).toEqual([{ n: 42 }]);
      expect(await preparedNames(db.current!)).toEqual([NAME]);
    });
  });

  describe("on any database the app runs on", () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp();
    });
    afterAll(() => app?.close());

    // The embedded database runs every connection in one session: a name there would collide with itself, as it
    // did after a call that failed.
    it("answer as db.query does, however many calls run at once, and after one that failed", async () => {
      await expect(preparedQuery(app.db, NAME, TEXT, ["not a number"])).rejects.toThrow(/invalid input syntax/);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => preparedQuery<{ n: number }>(app.db, NAME, TEXT, [i])),
      );
      expect(answers.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(await preparedQuery(app.db, NAME, TEXT, [7])).toEqual(await app.db.query(TEXT, [7]));
    });
  });
});
