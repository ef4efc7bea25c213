import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type * as S3SdkModule from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { assertValidKey } from './keys.js';
import type { ByteRange, ObjectInfo, ObjectStorage } from './storage.js';

/** S3 refuses multipart parts under 5 MiB except the last (issue #3: parts assembled from shards). */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024;

type S3Sdk = typeof S3SdkModule;
const requireCjs = createRequire(import.meta.url);
let sdkModule: S3Sdk | undefined;
/**
 * The AWS SDK, loaded on first use (issue #7: ≈ 30 MiB of modules that a server on local-disk storage, the
 * default, never needs). Synchronous (CommonJS `require`) so that the constructor stays synchronous.
 */
function s3Sdk(): S3Sdk {
  sdkModule ??= requireCjs('@aws-sdk/client-s3') as S3Sdk;
  return sdkModule;
}

/** True for S3's answer to a multipart call on an upload that was completed or aborted meanwhile. */
export function isNoSuchUpload(error: unknown): boolean {
  return (error as { name?: string }).name === 'NoSuchUpload';
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Objects in an S3-compatible bucket (STORAGE_DRIVER=s3; ARCHITECTURE.md "Storage and scale"). Keys are the
 * same as on local disk (API.md §4). Besides ObjectStorage it exposes the multipart calls the file service
 * uses to assemble a video from shards without ever holding the whole file.
 */
export class S3Storage implements ObjectStorage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly sdk: S3Sdk;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.sdk = s3Sdk();
    this.client = new this.sdk.S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      // Without explicit keys the SDK's default chain applies (environment, instance role …).
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // The SDK's default CRC32 trailers are not understood by every S3-compatible server (s3rver).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, bytes: Buffer, contentType?: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(
      new this.sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(res.ContentLength ?? 0), contentType: res.ContentType };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async createReadStream(key: string, range?: ByteRange): Promise<Readable | null> {
    assertValidKey(key);
    try {
      const res = await this.client.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return (res.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Starts a multipart upload of `key`; returns its UploadId. */
  async createMultipartUpload(key: string, contentType?: string): Promise<string> {
    assertValidKey(key);
    const res = await this.client.send(
      new this.sdk.CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    if (!res.UploadId) throw new Error('S3 returned no UploadId');
    return res.UploadId;
  }

  /**
   * Uploads one part (1-based `partNumber`; every part but the last at least 5 MiB); returns its ETag.
   */
  async uploadPart(key: string, uploadId: string, partNumber: number, bytes: Buffer): Promise<string> {
    const res = await this.client.send(
      new this.sdk.UploadPartCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: partNumber,
        Body: bytes,
        ContentLength: bytes.length,
      }),
    );
    if (!res.ETag) throw new Error('S3 returned no ETag');
    return res.ETag;
  }

  /** Assembles the object from its parts (ascending part numbers). */
  async completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void> {
    await this.client.send(
      new this.sdk.CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: {
          Parts: [...parts]
            .sort((a, b) => a.partNumber - b.partNumber)
            .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
        },
      }),
    );
  }

  /**
   * Keys and sizes (bytes) of every object whose key starts with `prefix`, in key order (ListObjectsV2,
   * paged 1,000 at a time). Used for the upload staging prefix (issue #16), never for a whole bucket.
   */
  async list(prefix: string): Promise<{ key: string; size: number; lastModified: Date | null }[]> {
    const found: { key: string; size: number; lastModified: Date | null }[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of res.Contents ?? []) {
        if (o.Key)
          found.push({ key: o.Key, size: Number(o.Size ?? 0), lastModified: o.LastModified ?? null });
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  /** Deletes `keys` (DeleteObjects, 1,000 per request); a missing key is not an error. */
  async deleteMany(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      for (const key of batch) assertValidKey(key);
      const res = await this.client.send(
        new this.sdk.DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) throw new Error(`S3 could not delete ${failed.length} objects: ${failed[0]!.Code}`);
    }
  }

  /** Drops a multipart upload and its parts; an unknown upload is not an error. */
  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new this.sdk.AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
    } catch (error) {
      if (!isNoSuchUpload(error) && !isNotFound(error)) throw error;
    }
  }
}
