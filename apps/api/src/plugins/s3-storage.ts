import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, contentTypeOf, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, Cloudflare R2, …); AWS itself when absent. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`; most S3-compatible services want it. */
  forcePathStyle: boolean;
}

/**
 * Files in one S3(-compatible) bucket: public ones under `public/<key>`, private ones (government
 * IDs) under `private/<key>`. Objects are written without an ACL, so they stay as private as the
 * bucket (keep its public access blocked): the API answers /uploads/<key> itself by reading the
 * object, and private files only through the routes that check who asks.
 *
 * Credentials are the ones given, never the SDK's default chain (environment, ~/.aws, instance
 * metadata), so the server uses exactly what its configuration says.
 */
export function s3Storage(opts: S3StorageOptions): Storage {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint !== undefined && { endpoint: opts.endpoint }),
    forcePathStyle: opts.forcePathStyle,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    // checksums only where S3 requires them: several S3-compatible services reject the newer
    // default (CRC32 headers on every upload)
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
  const objectKey = (key: string, visibility: 'public' | 'private') => `${visibility}/${assertSafeKey(key)}`;

  return {
    async put(key, body, visibility) {
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: objectKey(key, visibility),
          Body: body,
          ContentLength: body.length,
          ContentType: visibility === 'public' ? contentTypeOf(key) : 'application/octet-stream',
        }),
      );
    },
    async get(key, visibility) {
      const Key = objectKey(key, visibility);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key }));
        if (!res.Body) return null;
        const bytes = await res.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async remove(key, visibility) {
      const Key = objectKey(key, visibility);
      try {
        // S3 answers 204 for a key that is not there; some compatible services answer 404
        await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key }));
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
    publicPath: (key) => `/uploads/${key}`,
  };
}

/** The object is not there: NoSuchKey, or a bare 404 (HEAD, or services that answer without a code). */
function isNotFound(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  // a missing bucket is a configuration error, not a missing file
  if (e.name === 'NoSuchBucket' || e.Code === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.Code === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}
