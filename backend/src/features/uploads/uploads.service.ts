import { createHash, randomBytes, randomUUID } from "node:crypto";
import { IsNull, type DataSource, type EntityManager } from "typeorm";
import {
  ERRORS,
  UPLOAD_URL_TTL_MS,
  type Group as GroupView,
  type UploadedObject,
  type UploadTicket,
} from "@caravan/common";
import { assertOwnUpload } from "../../access/access.js";
import { OBJECT_KEY, UPLOADS_PATH } from "../../adapters/storage/keys.js";
import type { ObjectStorage } from "../../adapters/storage/storage.js";
import { Group, ObjectUpload } from "../../db/entities/index.js";
import { badRequest, gone, notFound } from "../../http/errors.js";
import type { Logger } from "../../logger.js";
import { presentGroup } from "../groups/groups.presenter.js";
import { reencodeImage } from "./image.js";

export const UPLOAD_URL_PATH = "/api/objects/upload";
/** 256 random bits, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Spent or expired upload rows that never stored anything are dropped this long after they expire. */
const UNUSED_RETENTION_MS = 24 * 60 * 60_000;

const UPLOAD_URL_RE = new RegExp(`^${UPLOAD_URL_PATH}/([A-Za-z0-9_-]{43})$`);
const OBJECT_URL_RE = new RegExp(`^${UPLOADS_PATH}/(${OBJECT_KEY.source.slice(1, -1)})$`);
/** The same at the end of a URL that may be absolute. */
const OBJECT_URL_SUFFIX_RE = new RegExp(`${UPLOADS_PATH}/(${OBJECT_KEY.source.slice(1, -1)})$`);

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * An object in storage that nothing in the database names (no upload row, no group's cover) is swept once it is this
 * old: long enough that an upload whose file is stored but whose row is not yet written is never taken for one.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;

/** The storage key behind a cover URL as this flow sets it (`/api/uploads/{key}`), or null for any other URL. */
export function coverKeyOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = OBJECT_URL_RE.exec(url);
  return match ? match[1]! : null;
}

/**
 * Part of a transaction that deletes groups or an account, after the deletes: of these objects, those that no
 * remaining group shows as its cover lose their upload rows and are returned; the caller removes them from storage
 * once the transaction has committed (UploadsService.removeObjects), so a rollback never loses an image still named.
 * A cover is matched by the end of its URL, so a group that shows the image by a full URL keeps it too.
 */
export async function releaseObjects(tx: EntityManager, keys: Iterable<string | null>): Promise<string[]> {
  const candidates = [...new Set([...keys].filter((k): k is string => !!k && OBJECT_KEY.test(k)))];
  if (candidates.length === 0) return [];
  // Keys are lower-case letters, digits, dashes, dots and one slash: nothing LIKE reads as a wildcard.
  const rows = (await tx.query(
    `SELECT k FROM unnest($1::text[]) AS k
      WHERE NOT EXISTS (SELECT 1 FROM "groups" g WHERE g."cover_image_url" LIKE '%' || $2 || k)`,
    [candidates, `${UPLOADS_PATH}/`],
  )) as Array<{ k: string }>;
  const released = rows.map((r) => r.k);
  if (released.length > 0) await tx.query(`DELETE FROM "object_uploads" WHERE "object_key" = ANY($1)`, [released]);
  return released;
}

/**
 * Cover images: single-use upload URLs bound to the user who asked for one, the PUT that stores a re-encoded image
 * through the storage adapter, and setting a stored image as a group's cover.
 */
export class UploadsService {
  constructor(
    private readonly db: DataSource,
    private readonly storage: ObjectStorage,
    private readonly publicUrl: string,
    private readonly announceGroup: (group: GroupView) => void,
    private readonly log: Logger,
  ) {}

  /** A fresh upload URL for this user, valid once for UPLOAD_URL_TTL_MS. */
  async createUploadUrl(userId: string): Promise<UploadTicket> {
    const token = randomBytes(32).toString("base64url");
    const now = Date.now();
    const expiresAt = new Date(now + UPLOAD_URL_TTL_MS);
    const repo = this.db.getRepository(ObjectUpload);
    await repo.insert({ tokenHash: hashToken(token), userId, expiresAt });
    // Each user's abandoned URLs are swept when they ask for the next one, which bounds what one user leaves behind.
    await repo
      .createQueryBuilder()
      .delete()
      .where("user_id = :userId AND used_at IS NULL AND expires_at < :before", {
        userId,
        before: new Date(now - UNUSED_RETENTION_MS),
      })
      .execute();
    return { uploadURL: `${UPLOAD_URL_PATH}/${token}`, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The PUT to an upload URL. The URL is checked before the body is read (404 unknown, 403 someone else's, 410 spent
   * or expired); the image is re-encoded and stored; then the URL is spent in one conditional update, so of two
   * concurrent PUTs exactly one wins and the loser's object is removed again. A refused image leaves the URL unspent.
   */
  async receive(token: string, userId: string, readBody: () => Promise<Buffer>): Promise<UploadedObject> {
    if (!TOKEN.test(token)) throw notFound(ERRORS.uploadNotFound);
    const repo = this.db.getRepository(ObjectUpload);
    const upload = await repo.findOneBy({ tokenHash: hashToken(token) });
    if (!upload) throw notFound(ERRORS.uploadNotFound);
    assertOwnUpload(upload, userId);
    if (upload.usedAt) throw gone(ERRORS.uploadUsed);
    if (upload.expiresAt.getTime() <= Date.now()) throw gone(ERRORS.uploadExpired);

    const image = await reencodeImage(await readBody());
    const key = `covers/${randomUUID()}.${image.extension}`;
    await this.storage.put(key, image.data, image.contentType);

    const now = new Date();
    const { affected } = await repo
      .createQueryBuilder()
      .update()
      .set({ usedAt: now, objectKey: key, contentType: image.contentType, sizeBytes: image.data.length })
      .where({ id: upload.id, usedAt: IsNull() })
      .andWhere("expires_at > :now", { now })
      .execute();
    if (affected !== 1) {
      await this.storage.delete(key);
      const current = await repo.findOneBy({ id: upload.id });
      throw gone(current?.usedAt ? ERRORS.uploadUsed : ERRORS.uploadExpired);
    }
    return { objectPath: this.storage.url(key) };
  }

  /**
   * Sets a group's cover to an image the caller uploaded through this flow, given as its objectPath or as the spent
   * upload URL; anything else is a 400. The group's previous uploaded cover is deleted once no group shows it.
   */
  async setCoverImage(group: Group, userId: string, coverImageUrl: string): Promise<GroupView> {
    const key = await this.producedKey(coverImageUrl);
    const upload = key ? await this.db.getRepository(ObjectUpload).findOneBy({ objectKey: key, userId }) : null;
    if (!key || !upload?.usedAt) throw badRequest(ERRORS.coverImageNotUploaded);

    const url = this.storage.url(key);
    const groups = this.db.getRepository(Group);
    await groups.update({ id: group.id }, { coverImageUrl: url });
    const view = presentGroup(await groups.findOneByOrFail({ id: group.id }));
    this.announceGroup(view);
    if (group.coverImageUrl && group.coverImageUrl !== url) await this.releaseIfUnused(group.coverImageUrl);
    return view;
  }

  /**
   * Removes objects whose rows a committed transaction released (releaseObjects). A failure is logged and does not
   * fail the caller: the object is then named by nothing in the database, and sweepOrphans removes it later.
   */
  async removeObjects(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.storage.delete(key);
      } catch (err) {
        this.log.warn({ err, key }, "could not delete a released image; the orphan sweep will");
      }
    }
  }

  /**
   * Deletes stored objects that nothing in the database names any more (no upload row, no group's cover) and that are
   * older than ORPHAN_GRACE_MS: images whose removal failed after a deletion, or was cut short by a crash. Safe on
   * several nodes at once (removing a missing object is not an error). Returns how many went.
   */
  async sweepOrphans(now: Date = new Date()): Promise<number> {
    const covers = (await this.db.query(
      `SELECT DISTINCT "cover_image_url" AS url FROM "groups" WHERE "cover_image_url" LIKE $1`,
      [`%${UPLOADS_PATH}/%`],
    )) as Array<{ url: string }>;
    const shown = new Set(covers.map((c) => OBJECT_URL_SUFFIX_RE.exec(c.url)?.[1]).filter(Boolean));
    const cutoff = now.getTime() - ORPHAN_GRACE_MS;
    let batch: string[] = [];
    let removed = 0;
    const flush = async () => {
      const keys = batch.filter((k) => !shown.has(k));
      batch = [];
      if (keys.length === 0) return;
      const rows = (await this.db.query(`SELECT "object_key" FROM "object_uploads" WHERE "object_key" = ANY($1)`, [
        keys,
      ])) as Array<{ object_key: string }>;
      const named = new Set(rows.map((r) => r.object_key));
      for (const key of keys) {
        if (named.has(key)) continue;
        await this.storage.delete(key);
        removed += 1;
      }
    };
    for await (const object of this.storage.list()) {
      // Keys the app did not make are not its to delete.
      if (!OBJECT_KEY.test(object.key) || object.lastModified.getTime() > cutoff) continue;
      batch.push(object.key);
      if (batch.length >= 500) await flush();
    }
    await flush();
    return removed;
  }

  /** The object an app path names, for serving it. */
  async open(key: string) {
    return OBJECT_KEY.test(key) ? this.storage.get(key) : null;
  }

  /** The storage key behind a URL this flow produced, or null for any other URL. */
  private async producedKey(raw: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(raw, this.publicUrl);
    } catch {
      return null;
    }
    if (url.origin !== new URL(this.publicUrl).origin || url.search || url.hash) return null;
    const objectPath = OBJECT_URL_RE.exec(url.pathname);
    if (objectPath) return objectPath[1]!;
    const uploadUrl = UPLOAD_URL_RE.exec(url.pathname);
    if (!uploadUrl) return null;
    const upload = await this.db.getRepository(ObjectUpload).findOneBy({ tokenHash: hashToken(uploadUrl[1]!) });
    return upload?.objectKey ?? null;
  }

  /** Deletes an uploaded image that no group shows any more; a cover typed in as an https URL is left alone. */
  private async releaseIfUnused(previousUrl: string): Promise<void> {
    const match = OBJECT_URL_RE.exec(previousUrl);
    if (!match) return;
    const key = match[1]!;
    try {
      if (await this.db.getRepository(Group).existsBy({ coverImageUrl: previousUrl })) return;
      await this.storage.delete(key);
      await this.db.getRepository(ObjectUpload).delete({ objectKey: key });
    } catch (err) {
      // The new cover is set; a leftover file costs only space.
      this.log.warn({ err, key }, "could not delete a replaced cover image");
    }
  }
}
