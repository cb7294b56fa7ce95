/**
 * Re-encrypts every stored ciphertext (the columns that use the `encrypted` transformer) from the previous data
 * encryption keys to the current one, in batches. Safe while nodes run, provided they already know both keys
 * (DATA_ENCRYPTION_KEY = the new key, DATA_ENCRYPTION_KEY_PREVIOUS = the old one): each value is replaced only if it
 * is still the ciphertext that was read, so a concurrent write wins; values already under the new key are skipped,
 * so an interrupted run can simply be started again.
 */
import type { DataSource } from "typeorm";
import { decryptWith, encrypted, encryptWith } from "./crypto.js";

export interface EncryptedColumn {
  table: string;
  column: string;
  primaryKey: string;
}

export interface RotationResult {
  /** Per "table.column": values rewritten under the new key, and values that already were. */
  columns: Record<string, { reencrypted: number; alreadyCurrent: number }>;
}

export class UnreadableValueError extends Error {
  constructor(
    readonly table: string,
    readonly id: unknown,
  ) {
    super(`${table} row ${String(id)} is encrypted with none of the given keys; nothing in that batch was changed`);
    this.name = "UnreadableValueError";
  }
}

/** Every column stored through the `encrypted` transformer, from the entities themselves. */
export function encryptedColumns(db: DataSource): EncryptedColumn[] {
  const found: EncryptedColumn[] = [];
  for (const meta of db.entityMetadatas) {
    const [primary, ...more] = meta.primaryColumns;
    for (const column of meta.columns) {
      if (column.transformer !== encrypted) continue;
      if (!primary || more.length > 0) throw new Error(`${meta.tableName}: re-encryption needs a single-column key`);
      found.push({ table: meta.tableName, column: column.databaseName, primaryKey: primary.databaseName });
    }
  }
  return found;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function reencryptStoredText(
  db: DataSource,
  keys: { current: Buffer; previous: Buffer[] },
  options: { batchSize?: number; onBatch?: (column: string, done: number) => void } = {},
): Promise<RotationResult> {
  const batchSize = options.batchSize ?? 500;
  const result: RotationResult = { columns: {} };
  for (const { table, column, primaryKey } of encryptedColumns(db)) {
    const name = `${table}.${column}`;
    const counts = { reencrypted: 0, alreadyCurrent: 0 };
    result.columns[name] = counts;
    const [t, c, pk] = [ident(table), ident(column), ident(primaryKey)];
    let after: unknown = null;
    for (;;) {
      const rows: Array<{ id: unknown; value: string }> = await db.query(
        `SELECT ${pk} AS id, ${c} AS value FROM ${t} WHERE ${c} IS NOT NULL` +
          (after === null ? "" : ` AND ${pk} > $2`) +
          ` ORDER BY ${pk} LIMIT $1`,
        after === null ? [batchSize] : [batchSize, after],
      );
      if (rows.length === 0) break;
      const updates: Array<{ id: unknown; from: string; to: string }> = [];
      for (const row of rows) {
        if (readableWith(keys.current, row.value)) {
          counts.alreadyCurrent += 1;
          continue;
        }
        const old = keys.previous.find((k) => readableWith(k, row.value));
        if (!old) throw new UnreadableValueError(table, row.id);
        updates.push({ id: row.id, from: row.value, to: encryptWith(keys.current, decryptWith(old, row.value)) });
      }
      await db.transaction(async (tx) => {
        for (const u of updates) {
          // Only if nobody changed it meanwhile: a value written since is already under the current key.
          await tx.query(`UPDATE ${t} SET ${c} = $1 WHERE ${pk} = $2 AND ${c} = $3`, [u.to, u.id, u.from]);
        }
      });
      counts.reencrypted += updates.length;
      after = rows.at(-1)!.id;
      options.onBatch?.(name, counts.reencrypted + counts.alreadyCurrent);
    }
  }
  return result;
}

function readableWith(key: Buffer, value: string): boolean {
  try {
    decryptWith(key, value);
    return true;
  } catch {
    return false;
  }
}
