import path from "node:path";
import type { Readable } from "node:stream";
import type { Config } from "../../config.js";
import { FileStorage } from "./file-storage.js";
import { S3Storage } from "./s3-storage.js";

/** One object as a listing names it. */
export interface ListedObject {
  key: string;
  lastModified: Date;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/**
 * Where uploaded files live. Objects are written once under a fresh key and never changed, so whatever serves them
 * may cache them forever. Both implementations are served by the app at url(key) (docs/decisions/0003-uploads.md).
 */
export interface ObjectStorage {
  readonly kind: "file" | "s3";
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every object stored, in no particular order, for the sweep of objects nothing names any more. */
  list(): AsyncIterable<ListedObject>;
  /** The path the app serves the object at, the same on every node. */
  url(key: string): string;
}

/** S3 (MinIO or any S3 service) when S3_* is configured, else files under DATA_DIR/uploads. */
export function createStorage(config: Config): ObjectStorage {
  if (config.s3) return S3Storage.fromConfig(config.s3);
  return new FileStorage(path.join(config.dataDir, "uploads"));
}
