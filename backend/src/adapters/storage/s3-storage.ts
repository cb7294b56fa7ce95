import { Client } from "minio";
import type { Config } from "../../config.js";
import { assertObjectKey, contentTypeOf, objectUrl } from "./keys.js";
import type { ListedObject, ObjectStorage, StoredObject } from "./storage.js";

type S3Config = NonNullable<Config["s3"]>;

const NOT_FOUND = new Set(["NoSuchKey", "NotFound", "NoSuchObject"]);

/**
 * Objects in an S3 bucket through the `minio` client (MinIO, or any S3-compatible service). The bucket is created on
 * first use when it is missing. Objects are streamed to browsers by the app, so the bucket stays private.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = "s3";
  private bucketReady: Promise<void> | null = null;

  constructor(
    private readonly client: Client,
    readonly bucket: string,
  ) {}

  static fromConfig(s3: S3Config): S3Storage {
    const endpoint = new URL(s3.endPoint);
    const useSSL = endpoint.protocol === "https:";
    const client = new Client({
      endPoint: endpoint.hostname,
      port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
      // MinIO behind a service name (docker-compose) has no per-bucket DNS names.
      pathStyle: true,
    });
    return new S3Storage(client, s3.bucket);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertObjectKey(key);
    await this.ensureBucket();
    await this.client.putObject(this.bucket, key, bytes, bytes.length, { "Content-Type": contentType });
  }

  async get(key: string): Promise<StoredObject | null> {
    assertObjectKey(key);
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const body = await this.client.getObject(this.bucket, key);
      const stored = stat.metaData?.["content-type"];
      return { body, contentType: typeof stored === "string" ? stored : contentTypeOf(key), size: stat.size };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    try {
      await this.client.removeObject(this.bucket, key);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  /** The bucket's objects, page by page as the service lists them; none when the bucket does not exist yet. */
  async *list(): AsyncIterable<ListedObject> {
    try {
      for await (const item of this.client.listObjectsV2(this.bucket, "", true)) {
        const { name, lastModified } = item as { name?: string; lastModified?: Date };
        if (name && lastModified) yield { key: name, lastModified };
      }
    } catch (err) {
      if ((err as { code?: unknown })?.code !== "NoSuchBucket") throw err;
    }
  }

  url(key: string): string {
    return objectUrl(key);
  }

  /** Once per process; a failure is retried by the next call rather than remembered. */
  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (!(await this.client.bucketExists(this.bucket))) {
        try {
          await this.client.makeBucket(this.bucket);
        } catch (err) {
          // Another node created it in the meantime.
          const code = (err as { code?: string }).code;
          if (code !== "BucketAlreadyOwnedByYou" && code !== "BucketAlreadyExists") throw err;
        }
      }
    })().catch((err: unknown) => {
      this.bucketReady = null;
      throw err;
    });
    return this.bucketReady;
  }
}

function isNotFound(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === "string" && NOT_FOUND.has(code);
}
