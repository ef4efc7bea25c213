import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * s3rver 3.7 as the S3 stand-in of tests, the topology and the chaos bench (issue #16; honestly named: it is
 * not S3, AWS, MinIO or COS). Three multipart answers are patched in front of its router so the driver's
 * real calls get what S3 answers:
 * - AbortMultipartUpload (`DELETE ?uploadId`, 405 in s3rver): the upload and its parts are dropped, 204;
 * - UploadPart and CompleteMultipartUpload on an upload that was completed or aborted: 404 `NoSuchUpload`
 *   (s3rver would recreate the upload, or answer 500).
 */
export interface S3StandIn {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  port: number;
  bucket: string;
  /** Keys of the multipart uploads still open (s3rver has no ListMultipartUploads: read from its store). */
  openMultipartUploads(): string[];
  close(): Promise<void>;
}

interface KoaContext {
  method: string;
  query: Record<string, unknown>;
  status: number;
  body: unknown;
}

/**
 * Starts s3rver on 127.0.0.1 with an ephemeral port (or `port`), storing its objects under `directory`,
 * with bucket `bucket` created. Credentials: any (s3rver checks none; tests pass `S3RVER`).
 */
export async function startS3StandIn(opts: {
  directory: string;
  bucket: string;
  port?: number;
}): Promise<S3StandIn> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port ?? 0,
    silent: true,
    directory: opts.directory,
    configureBuckets: [{ name: opts.bucket, configs: [] }],
  });
  const koa = server as unknown as {
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
    store: { getResourcePath(b: string, k: undefined, r: string): string };
  };
  const uploadsDir = () => koa.store.getResourcePath(opts.bucket, undefined, 'uploads');
  koa.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (typeof uploadId !== 'string' || !['DELETE', 'PUT', 'POST'].includes(ctx.method)) return next();
    const dir = path.join(uploadsDir(), path.basename(uploadId));
    if (!existsSync(dir)) {
      ctx.status = 404;
      ctx.body =
        '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    if (ctx.method !== 'DELETE') return next();
    rmSync(dir, { recursive: true, force: true });
    ctx.status = 204;
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    port: address.port,
    bucket: opts.bucket,
    openMultipartUploads() {
      const dir = uploadsDir();
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .filter((id) => existsSync(path.join(dir, id, 'key')))
        .map((id) => readFileSync(path.join(dir, id, 'key'), 'utf8'));
    },
    close: () => server.close(),
  };
}
