import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { assertObjectKey, contentTypeOf, OBJECT_KEY, objectUrl } from "./keys.js";
import type { ListedObject, ObjectStorage, StoredObject } from "./storage.js";

/** Objects as files under one directory: the embedded default, for a single node. */
export class FileStorage implements ObjectStorage {
  readonly kind = "file";

  constructor(readonly root: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed into place, so a reader never sees half a file.
    const partial = `${file}.${randomBytes(6).toString("hex")}.partial`;
    try {
      await fsp.writeFile(partial, bytes, { mode: 0o600 });
      await fsp.rename(partial, file);
    } catch (err) {
      await fsp.rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.file(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, "r");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
    try {
      const { size } = await handle.stat();
      // The stream owns the handle from here and closes it when done or destroyed.
      return { body: fs.createReadStream("", { fd: handle, autoClose: true }), contentType: contentTypeOf(key), size };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.file(key), { force: true });
  }

  /** Files under folder/name that are object keys; files still being written (`.partial`) are not. */
  async *list(): AsyncIterable<ListedObject> {
    for (const folder of await entries(this.root)) {
      if (!folder.isDirectory()) continue;
      for (const file of await entries(path.join(this.root, folder.name))) {
        const key = `${folder.name}/${file.name}`;
        if (!file.isFile() || !OBJECT_KEY.test(key)) continue;
        try {
          const { mtime } = await fsp.stat(this.file(key));
          yield { key, lastModified: mtime };
        } catch (err) {
          // Removed while the listing ran.
          if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
        }
      }
    }
  }

  url(key: string): string {
    return objectUrl(key);
  }

  private file(key: string): string {
    assertObjectKey(key);
    return path.join(this.root, ...key.split("/"));
  }
}

/** A directory's entries; none when it does not exist (nothing was ever stored there). */
async function entries(dir: string): Promise<fs.Dirent[]> {
  try {
    return await fsp.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}
