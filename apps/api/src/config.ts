import { resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './lib/trust-proxy';

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
  .transform((v) => v === '1' || v === 'true');
const percent = z.coerce.number({ error: 'must be a number' }).min(0, 'must be at least 0').max(100, 'must be at most 100');
const optionalUrl = z.url({ error: 'must be a URL' }).optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535, 'must be a port number').default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: optionalUrl,
  /** more page origins allowed to open the realtime socket, comma-separated (PUBLIC_URL's origin always is) */
  REALTIME_ORIGINS: z
    .string()
    .refine((v) => v.split(',').every((o) => URL.canParse(o.trim())), 'must be a comma-separated list of origins such as https://app.example.com')
    .optional(),
  DEMO_DATA: flag.optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Parkly <no-reply@parkly.test>'),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@parkly.in'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  /** where the Stripe SDK sends its calls (tests point it at a fake Stripe); Stripe's own API when unset */
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// address').optional(),
  /** push services the server sends to (host names, their subdomains too), comma-separated; any public host when unset */
  PUSH_ALLOWED_HOSTS: z
    .string()
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase().replace(/\.$/, '')))
    .refine(
      (hosts) => hosts.every((h) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/.test(h)),
      'must be comma-separated host names such as fcm.googleapis.com,push.services.mozilla.com',
    )
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens')
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1 or auto').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** a Nominatim-compatible geocoder (e.g. https://nominatim.openstreetmap.org/): place search adds full addresses from it */
  GEOCODER_URL: optionalUrl,
  GUEST_FEE_PERCENT: percent.default(5),
  HOST_COMMISSION_PERCENT: percent.default(15),
  CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code').default('INR'),
  DEFAULT_TIMEZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Kolkata')
    .default('Asia/Kolkata'),
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((raw, ctx) => {
      const parsed = parseTrustProxy(raw);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Tests set this to switch rate limits off in suites that are not about rate limits. */
  RATE_LIMITS: flag.default(true),
});

export type Config = ReturnType<typeof loadConfig>;

/** Read and check the environment; throws one readable message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if ((c.VAPID_PUBLIC_KEY === undefined) !== (c.VAPID_PRIVATE_KEY === undefined)) {
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const s3 = s3Settings(c, env);
  const dataDir = resolve(c.DATA_DIR);
  return {
    ...c,
    dataDir,
    uploadsDir: resolve(dataDir, 'uploads'),
    privateDir: resolve(dataDir, 'private'),
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    /** S3-compatible storage for uploaded files when S3_BUCKET is set; local disk (DATA_DIR) otherwise. */
    s3,
  };
}

/**
 * S3_BUCKET turns object storage on and then needs both keys: the SDK's default credential chain
 * (environment, ~/.aws, instance metadata) is never used, so what runs is what is configured.
 */
function s3Settings(c: z.infer<typeof envSchema>, env: NodeJS.ProcessEnv) {
  if (c.S3_BUCKET === undefined) {
    const stray = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter(
      (name) => env[name] !== undefined && env[name] !== '',
    );
    if (stray.length > 0) {
      throw new Error(`Invalid configuration:\n  S3_BUCKET: must be set to store files in S3 (${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set)`);
    }
    return null;
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = c;
  if (accessKeyId === undefined || secretAccessKey === undefined) {
    const missing = [accessKeyId === undefined && 'S3_ACCESS_KEY_ID', secretAccessKey === undefined && 'S3_SECRET_ACCESS_KEY'].filter(Boolean);
    throw new Error(`Invalid configuration:\n${missing.map((name) => `  ${name}: is required when S3_BUCKET is set`).join('\n')}`);
  }
  return {
    bucket: c.S3_BUCKET,
    region: c.S3_REGION,
    endpoint: c.S3_ENDPOINT,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: c.S3_FORCE_PATH_STYLE ?? c.S3_ENDPOINT !== undefined,
  };
}
