import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, bearer, multipartFile, openTestDatabase, signUp } from '../../test/helper';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { fixtures } from '../modules/accounts/testing';
import { seedDemoData } from '../seed/demo';
import { s3Storage, type S3StorageOptions } from './s3-storage';

const BUCKET = 'parkly-test';
const ACCESS_KEY_ID = 'AKIAFAKEPARKLY';
const SECRET = 'fake-secret-never-sent-1234567890';

interface RecordedRequest {
  method: string;
  key: string;
  authorization: string;
  headers: IncomingMessage['headers'];
}

/**
 * A tiny S3-compatible server in memory: PUT, GET, HEAD and DELETE of /<bucket>/<key> (path style),
 * S3's XML errors, and every request recorded. Requests signed for another access key are refused.
 */
async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string; etag: string }>();
  const requests: RecordedRequest[] = [];
  const xmlError = (code: string, message: string, key: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Key>${key}</Key><RequestId>fake</RequestId></Error>`;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const [, bucket = '', ...rest] = path.split('/');
      const key = rest.map(decodeURIComponent).join('/');
      const authorization = req.headers.authorization ?? '';
      requests.push({ method: req.method ?? '', key, authorization, headers: req.headers });
      const fail = (status: number, code: string, message: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : xmlError(code, message, key));
      };
      if (!authorization.includes(`Credential=${ACCESS_KEY_ID}/`)) return fail(403, 'InvalidAccessKeyId', 'The access key does not exist.');
      if (decodeURIComponent(bucket) !== BUCKET) return fail(404, 'NoSuchBucket', 'The bucket does not exist.');
      const found = objects.get(key);
      switch (req.method) {
        case 'PUT': {
          const body = Buffer.concat(chunks);
          const etag = `"${body.length.toString(16)}-${objects.size}"`;
          objects.set(key, { body, contentType: req.headers['content-type'] ?? 'binary/octet-stream', etag });
          res.writeHead(200, { etag });
          return res.end();
        }
        case 'GET':
        case 'HEAD': {
          if (!found) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
          res.writeHead(200, {
            'content-type': found.contentType,
            'content-length': String(found.body.length),
            etag: found.etag,
            'last-modified': new Date().toUTCString(),
          });
          return res.end(req.method === 'GET' ? found.body : undefined);
        }
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return fail(405, 'MethodNotAllowed', 'The method is not allowed.');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let s3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

const driverOptions = (over: Partial<S3StorageOptions> = {}): S3StorageOptions => ({
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint: s3.endpoint,
  accessKeyId: ACCESS_KEY_ID,
  secretAccessKey: SECRET,
  forcePathStyle: true,
  ...over,
});

describe('s3Storage', () => {
  beforeEach(() => {
    s3.objects.clear();
    s3.requests.length = 0;
  });

  it('keeps public and private files under their own prefixes, and reads them back', async () => {
    const storage = s3Storage(driverOptions());
    const photo = await fixtures.webp();
    const id = fixtures.pdf();
    await storage.put('profiles/a.webp', photo, 'public');
    await storage.put('government-ids/u1/b.pdf', id, 'private');

    expect([...s3.objects.keys()].sort()).toEqual(['private/government-ids/u1/b.pdf', 'public/profiles/a.webp']);
    expect(s3.objects.get('public/profiles/a.webp')!.contentType).toBe('image/webp');
    expect(await storage.get('profiles/a.webp', 'public')).toEqual(photo);
    expect(await storage.get('government-ids/u1/b.pdf', 'private')).toEqual(id);
    // visibility is part of the address: a private file is not found as a public one
    expect(await storage.get('government-ids/u1/b.pdf', 'public')).toBeNull();
    expect(await storage.get('profiles/a.webp', 'private')).toBeNull();
    expect(storage.publicPath('profiles/a.webp')).toBe('/uploads/profiles/a.webp');
    expect(storage.localPublicDir).toBeUndefined();
  });

  it('answers null for a missing key and removes idempotently', async () => {
    const storage = s3Storage(driverOptions());
    expect(await storage.get('profiles/missing.webp', 'public')).toBeNull();
    await storage.put('listings/l1/p.webp', Buffer.from('x'), 'public');
    await storage.remove('listings/l1/p.webp', 'public');
    expect(s3.objects.size).toBe(0);
    await expect(storage.remove('listings/l1/p.webp', 'public')).resolves.toBeUndefined();
    expect(await storage.get('listings/l1/p.webp', 'public')).toBeNull();
  });

  it('signs every request with the configured key, sends no ACL and never the secret', async () => {
    const storage = s3Storage(driverOptions());
    await storage.put('profiles/c.webp', Buffer.from('c'), 'public');
    await storage.get('profiles/c.webp', 'public');
    await storage.remove('profiles/c.webp', 'public');
    expect(s3.requests.map((r) => r.method)).toEqual(['PUT', 'GET', 'DELETE']);
    for (const r of s3.requests) {
      expect(r.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
      expect(r.authorization).toContain(`Credential=${ACCESS_KEY_ID}/`);
      expect(r.headers['x-amz-acl']).toBeUndefined();
      expect(JSON.stringify(r.headers)).not.toContain(SECRET);
    }
  });

  it('refuses unsafe keys before asking the bucket', async () => {
    const storage = s3Storage(driverOptions());
    for (const key of ['../x.webp', 'a/../../b.webp', 'a/..', '/abs.webp', 'a//b.webp', './a.webp', 'a\\b.webp', '', 'a\u0000b']) {
      await expect(storage.put(key, Buffer.from('x'), 'public'), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key, 'private'), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.remove(key, 'public'), key).rejects.toThrow(/Unsafe storage key/);
    }
    expect(s3.requests).toHaveLength(0);
  });

  it('does not mistake other failures for a missing file', async () => {
    const wrongKey = s3Storage(driverOptions({ accessKeyId: 'AKIAWRONG' }));
    await expect(wrongKey.get('profiles/a.webp', 'public')).rejects.toThrow();
    const wrongBucket = s3Storage(driverOptions({ bucket: 'no-such-bucket' }));
    await expect(wrongBucket.get('profiles/a.webp', 'public')).rejects.toThrow();
  });
});

describe('S3 configuration', () => {
  const base = { DATA_DIR: '/tmp/parkly-config-test' };

  it('turns S3 on with S3_BUCKET and both keys; path style by default with an endpoint', () => {
    const c = loadConfig({ ...base, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_ENDPOINT: 'http://minio:9000' });
    expect(c.s3).toEqual({ bucket: BUCKET, region: 'us-east-1', endpoint: 'http://minio:9000', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true });
    const aws = loadConfig({ ...base, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_REGION: 'ap-south-1' });
    expect(aws.s3).toMatchObject({ region: 'ap-south-1', endpoint: undefined, forcePathStyle: false });
    const r2 = loadConfig({
      ...base,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: '0',
    });
    expect(r2.s3).toMatchObject({ region: 'auto', forcePathStyle: false });
    expect(loadConfig(base).s3).toBeNull();
  });

  it('refuses S3_BUCKET without both keys, naming what is missing and never a secret', () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: BUCKET })).toThrow(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID: is required when S3_BUCKET is set\n  S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set',
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'Invalid configuration:\n  S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set',
    );
    let message = '';
    try {
      loadConfig({ ...base, S3_BUCKET: BUCKET, S3_SECRET_ACCESS_KEY: 'top-secret-value' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe('Invalid configuration:\n  S3_ACCESS_KEY_ID: is required when S3_BUCKET is set');
  });

  it('refuses other S3 settings without S3_BUCKET, and bad values', () => {
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'S3_BUCKET: must be set to store files in S3 (S3_ENDPOINT, S3_ACCESS_KEY_ID are set)',
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...base, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'ftp://x' })).toThrow(
      /S3_ENDPOINT: must be an http/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE: must be 0 or 1/,
    );
  });
});

describe('the app on S3 storage', () => {
  let app: App;
  let db: Database;
  let dataDir: string;
  beforeAll(async () => {
    db = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'parkly-s3-test-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      RATE_LIMITS: '0',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET,
    });
    // no `storage` option: buildApp chooses the bucket from the configuration, as the server does
    app = await buildApp({ config, db, webDistDir: join(dataDir, 'no-web') });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a profile photo in the bucket and serves it under /uploads/', async () => {
    expect(app.storage.localPublicDir).toBeUndefined();
    const { token } = await signUp(app);
    const form = multipartFile(await fixtures.png(), 'me.png', 'image/png');
    const res = await app.inject({ method: 'POST', url: api('profile/photo'), headers: { ...bearer(token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    const path: string = res.json().result.profile_image;
    expect(path).toMatch(/^\/uploads\/profiles\/[0-9a-f-]{36}\.webp$/);

    const objectKey = `public/${path.slice('/uploads/'.length)}`;
    const stored = s3.objects.get(objectKey);
    expect(stored?.contentType).toBe('image/webp');
    expect(existsSync(join(dataDir, 'uploads'))).toBe(false);

    const served = await app.inject({ url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload).toEqual(stored!.body);

    const head = await app.inject({ method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');

    // replacing the photo removes the old object
    const again = multipartFile(await fixtures.webp(), 'me.webp', 'image/webp');
    const next = await app.inject({ method: 'POST', url: api('profile/photo'), headers: { ...bearer(token), ...again.headers }, payload: again.payload });
    expect(next.statusCode).toBe(200);
    expect(s3.objects.has(objectKey)).toBe(false);
    expect((await app.inject({ url: path })).statusCode).toBe(404);
  });

  it('answers 404 JSON for unknown and unsafe /uploads/ keys', async () => {
    for (const url of ['/uploads/profiles/00000000-0000-0000-0000-000000000000.webp', '/uploads/', '/uploads/..%2Fprivate%2Fx.png', '/uploads/a%2F..%2F..%2Fx', '/uploads/%2Fetc%2Fpasswd', '/uploads/a//b.webp']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('keeps government IDs under private/ and never serves them under /uploads/', async () => {
    const { token, user } = await signUp(app);
    const png = await fixtures.png();
    const form = multipartFile(png, 'voter-id.png', 'image/png');
    const res = await app.inject({ method: 'POST', url: api('upload_govt_id'), headers: { ...bearer(token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);

    const keys = [...s3.objects.keys()].filter((k) => k.includes(`government-ids/${user.id}/`));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^private/government-ids/${user.id}/[0-9a-f-]{36}\\.png$`));
    expect(s3.objects.get(keys[0]!)!.body).toEqual(png);
    expect(existsSync(join(dataDir, 'private')) && readdirSync(join(dataDir, 'private')).length > 0).toBe(false);

    const key = keys[0]!.slice('private/'.length);
    for (const url of [`/uploads/${key}`, `/uploads/..%2F${keys[0]!.replaceAll('/', '%2F')}`, `/uploads/${keys[0]}`]) {
      const served = await app.inject({ url });
      expect(served.statusCode, url).toBe(404);
    }
    // its owner still reads it through the checked route
    const own = await app.inject({ url: api('government-id/file'), headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload).toEqual(png);
  });

  it('takes the demo seed: its listing photos land in the bucket and are served from it', async () => {
    await seedDemoData(db, app.storage);
    const [cover] = await db.query<{ large_key: string; thumb_key: string }>(`SELECT large_key, thumb_key FROM listing_photos WHERE is_cover LIMIT 1`);
    expect(cover).toBeDefined();
    for (const key of [cover!.large_key, cover!.thumb_key]) {
      expect(s3.objects.has(`public/${key}`), key).toBe(true);
      const served = await app.inject({ url: app.storage.publicPath(key) });
      expect(served.statusCode, key).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
  }, 120_000);
});
