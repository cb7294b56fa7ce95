import { createHash, randomBytes, randomUUID } from "node:crypto";
import { IsNull, type DataSource } from "typeorm";
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

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

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
