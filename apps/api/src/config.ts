import { resolve } from 'node:path';
import { z } from 'zod';
import { GST_STATES, isValidGstin, normalizeGstin, stateCodeOfGstin, stateCodeOfName } from '@parkly/shared/gst';
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '@parkly/shared/settings';
import { parseTrustProxy } from './lib/trust-proxy';

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
  .transform((v) => v === '1' || v === 'true');
const percent = z.coerce.number({ error: 'must be a number' }).min(0, 'must be at least 0').max(100, 'must be at most 100');
/** a drain longer than this is a typo (and outlasts any orchestrator's grace period) */
const MAX_SHUTDOWN_DRAIN_MS = 300_000;
/** the drain on PostgreSQL by default: longer than deploy/nginx/parkly.conf's upstream keepalive_timeout (10 s) */
export const DEFAULT_SHUTDOWN_DRAIN_MS = 15_000;
/** Razorpay Checkout's script (Razorpay's integration guide) */
export const DEFAULT_RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
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
  /** load the demo content into an empty database; 1 by default on the embedded database only (see loadConfig) */
  DEMO_DATA: flag.optional(),
  /** the card payment provider; see paymentProviderOf for the default */
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS, { error: `must be one of ${PAYMENT_PROVIDERS.join(', ')}` }).optional(),
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
  /**
   * Razorpay (PAYMENT_PROVIDER=razorpay, decisions 026 and 032). The key id is rzp_test_… or rzp_live_…;
   * RAZORPAYX_ACCOUNT_NUMBER is the RazorpayX account payouts leave from.
   */
  RAZORPAY_KEY_ID: z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/, 'must be a Razorpay key id such as rzp_live_XXXXXXXXXXXXXX').optional(),
  RAZORPAY_KEY_SECRET: z.string().regex(/^[\x21-\x7e]{8,256}$/, 'must be the key secret from the Razorpay dashboard, without spaces').optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().regex(/^[\x21-\x7e]{8,256}$/, 'must be at least 8 characters without spaces').optional(),
  RAZORPAYX_ACCOUNT_NUMBER: z.string().regex(/^[0-9A-Za-z]{6,30}$/, 'must be the RazorpayX account number (letters and digits)').optional(),
  /** where the Razorpay SDK sends its calls (tests point it at a fake Razorpay); Razorpay's own API when unset */
  RAZORPAY_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /** where the payment page loads Razorpay Checkout from (a fake Razorpay's /v1/checkout.js in tests and the local demo) */
  RAZORPAY_CHECKOUT_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, such as https://checkout.razorpay.com/v1/checkout.js' })
    .default(DEFAULT_RAZORPAY_CHECKOUT_URL),
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  /** the gate pass's signing key (ECDSA P-256, PKCS#8 PEM; docs/decisions/034-gate-pass.md); generated once in DATA_DIR when unset */
  GATE_PASS_PRIVATE_KEY: z
    .string()
    .refine((s) => s.includes('BEGIN PRIVATE KEY'), 'must be a PKCS#8 PEM private key (-----BEGIN PRIVATE KEY-----)')
    .optional(),
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
  /** Prometheus metrics on a listener of their own (only /metrics), on METRICS_HOST (127.0.0.1 by default) */
  METRICS_PORT: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be a port number').max(65535, 'must be a port number').optional(),
  METRICS_HOST: z.string().min(1).optional(),
  /** or GET /metrics on the main port with `Authorization: Bearer <METRICS_TOKEN>` */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,512}$/, 'must be 32 to 512 characters without spaces, e.g. the output of openssl rand -hex 32')
    .optional(),
  GUEST_FEE_PERCENT: percent.default(5),
  HOST_COMMISSION_PERCENT: percent.default(15),
  /** GST on Parkly's service fee and on registered hosts' parking charges, in percent (each confirmed booking's invoices: decision 031) */
  GST_PERCENT: percent.default(18),
  /** Parkly's GSTIN, printed on its tax invoices; its state decides CGST+SGST or IGST against the listing's state (decision 031) */
  PARKLY_GSTIN: z
    .string()
    .transform(normalizeGstin)
    .refine(isValidGstin, 'must be a GSTIN: 15 characters such as 29AAGCP4242M1Z0, the first two a state code and the last the check character')
    .optional(),
  /** the state Parkly is registered in, when PARKLY_GSTIN is not set (it names its own state otherwise) */
  PARKLY_STATE: z
    .string()
    .refine((s) => stateCodeOfName(s) !== null, 'must be an Indian state or union territory such as Karnataka, or its GST code such as 29')
    .optional(),
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
  /**
   * On SIGTERM/SIGINT, how long the instance keeps serving (readiness already 503) before it stops
   * accepting, so the load balancer moves traffic away first; see shutdownDrainMs for the default
   */
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: 'must be a number of milliseconds, such as 15000' })
    .int('must be a whole number of milliseconds, such as 15000')
    .min(0, 'must be 0 (stop at once) or more milliseconds, such as 15000')
    .max(MAX_SHUTDOWN_DRAIN_MS, `must be at most ${MAX_SHUTDOWN_DRAIN_MS} (5 minutes)`)
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Tests set this to switch rate limits off in suites that are not about rate limits. */
  RATE_LIMITS: flag.default(true),
});

export type Config = ReturnType<typeof loadConfig>;

function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.infer<T> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * Only where the database is, for the commands that work on it alone (migrate, create-admin): they
 * run before a deployment is fully configured, e.g. to make its first administrator.
 */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env) {
  const c = parseEnv(envSchema.pick({ DATABASE_URL: true, DATA_DIR: true }), env);
  return { DATABASE_URL: c.DATABASE_URL, dataDir: resolve(c.DATA_DIR) };
}

/**
 * Where the data lives, database and files, for the backup and restore commands: like
 * loadDatabaseConfig, they run before (or without) the payment settings a server needs.
 */
export function loadDataConfig(env: NodeJS.ProcessEnv = process.env) {
  const c = parseEnv(
    envSchema.pick({ DATABASE_URL: true, DATA_DIR: true, S3_ENDPOINT: true, S3_BUCKET: true, S3_REGION: true, S3_ACCESS_KEY_ID: true, S3_SECRET_ACCESS_KEY: true, S3_FORCE_PATH_STYLE: true }),
    env,
  );
  return { DATABASE_URL: c.DATABASE_URL, dataDir: resolve(c.DATA_DIR), s3: s3Settings(c, env) };
}

/** Read and check the environment; throws one readable message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const c = parseEnv(envSchema, env);
  if ((c.VAPID_PUBLIC_KEY === undefined) !== (c.VAPID_PRIVATE_KEY === undefined)) {
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const s3 = s3Settings(c, env);
  const paymentProvider = paymentProviderOf(c);
  const dataDir = resolve(c.DATA_DIR);
  return {
    ...c,
    /** PostgreSQL (DATABASE_URL) or the embedded PGlite in DATA_DIR: decides the safe defaults below */
    database: c.DATABASE_URL ? ('postgres' as const) : ('embedded' as const),
    /** demo content (with public demo accounts) only by default on the embedded database, the newcomer's */
    demoData: c.DEMO_DATA ?? c.DATABASE_URL === undefined,
    paymentProvider,
    /**
     * SHUTDOWN_DRAIN_MS: 15 s on PostgreSQL, where instances sit behind a load balancer; 0 on the
     * embedded database, which one process holds (Ctrl-C stops it at once)
     */
    shutdownDrainMs: c.SHUTDOWN_DRAIN_MS ?? (c.DATABASE_URL === undefined ? 0 : DEFAULT_SHUTDOWN_DRAIN_MS),
    dataDir,
    uploadsDir: resolve(dataDir, 'uploads'),
    privateDir: resolve(dataDir, 'private'),
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    /** S3-compatible storage for uploaded files when S3_BUCKET is set; local disk (DATA_DIR) otherwise. */
    s3,
    /** Razorpay's keys when set (PAYMENT_PROVIDER=razorpay takes payments with them), else null */
    razorpay: razorpaySettings(c),
    /** where /metrics is served: its own listener, a token on the main port, both, or neither (null) */
    metrics: metricsSettings(c),
    /** what Parkly's invoices need: the rate, and Parkly's GSTIN and state (null until set) */
    gst: gstSettings(c),
  };
}

/** The variables each payment provider cannot run without. */
const PROVIDER_KEYS: Record<PaymentProviderName, (keyof z.infer<typeof envSchema>)[]> = {
  simulated: [],
  stripe: ['STRIPE_SECRET_KEY'],
  // the webhook secret too: a payer who closes the tab after paying is confirmed by the webhook alone (decision 032)
  razorpay: ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
};

/**
 * Payments never fake themselves: PAYMENT_PROVIDER when set (with the keys it needs); else the one
 * provider whose keys are set (STRIPE_SECRET_KEY alone means stripe, as before PAYMENT_PROVIDER
 * existed); else simulated on the embedded database. On PostgreSQL with none of these the server
 * refuses to start rather than take bookings with no money moving.
 */
function paymentProviderOf(c: z.infer<typeof envSchema>): PaymentProviderName {
  const missing = (p: PaymentProviderName) => PROVIDER_KEYS[p].filter((k) => c[k] === undefined);
  if (c.PAYMENT_PROVIDER) {
    const lacking = missing(c.PAYMENT_PROVIDER);
    if (lacking.length > 0) {
      throw new Error(`Invalid configuration:\n${lacking.map((k) => `  ${k}: is required with PAYMENT_PROVIDER=${c.PAYMENT_PROVIDER}`).join('\n')}`);
    }
    return c.PAYMENT_PROVIDER;
  }
  const configured = PAYMENT_PROVIDERS.filter((p) => PROVIDER_KEYS[p].length > 0 && missing(p).length === 0);
  if (configured.length === 1) return configured[0]!;
  if (configured.length > 1) throw new Error(`Invalid configuration:\n  PAYMENT_PROVIDER: must be set to choose between ${configured.join(' and ')}`);
  if (c.DATABASE_URL === undefined) return 'simulated';
  throw new Error(
    [
      'Invalid configuration:',
      '  PAYMENT_PROVIDER: must be set on PostgreSQL (DATABASE_URL), so that no booking is ever "paid" with no money moving. Set either',
      '    PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, to take real card payments,',
      '    PAYMENT_PROVIDER=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, to take UPI, cards, netbanking and wallets through Razorpay Checkout, or',
      '    PAYMENT_PROVIDER=simulated to run without real money (test cards only, e.g. a staging site).',
    ].join('\n'),
  );
}

/**
 * S3_BUCKET turns object storage on and then needs both keys: the SDK's default credential chain
 * (environment, ~/.aws, instance metadata) is never used, so what runs is what is configured.
 */
function s3Settings(c: Pick<z.infer<typeof envSchema>, 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>, env: NodeJS.ProcessEnv) {
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

/**
 * RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET come together, and the other Razorpay settings only with
 * them (RAZORPAY_CHECKOUT_URL has a default and is only read with PAYMENT_PROVIDER=razorpay).
 */
function razorpaySettings(c: z.infer<typeof envSchema>) {
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret } = c;
  if (keyId === undefined && keySecret === undefined) {
    const stray = (['RAZORPAY_WEBHOOK_SECRET', 'RAZORPAYX_ACCOUNT_NUMBER', 'RAZORPAY_API_URL'] as const).filter((k) => c[k] !== undefined);
    if (stray.length > 0) throw new Error(`Invalid configuration:\n  RAZORPAY_KEY_ID: must be set with ${stray.join(', ')}`);
    return null;
  }
  if (keyId === undefined || keySecret === undefined) {
    throw new Error(`Invalid configuration:\n  ${keyId === undefined ? 'RAZORPAY_KEY_ID' : 'RAZORPAY_KEY_SECRET'}: must be set with ${keyId === undefined ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID'}`);
  }
  return {
    keyId,
    keySecret,
    webhookSecret: c.RAZORPAY_WEBHOOK_SECRET ?? null,
    payoutAccountNumber: c.RAZORPAYX_ACCOUNT_NUMBER ?? null,
    apiUrl: c.RAZORPAY_API_URL,
    checkoutUrl: c.RAZORPAY_CHECKOUT_URL,
  };
}

/** Metrics are never public: a listener of their own (meant for a private address) and/or a bearer token. */
function metricsSettings(c: z.infer<typeof envSchema>) {
  if (c.METRICS_PORT === undefined && c.METRICS_HOST !== undefined) {
    throw new Error('Invalid configuration:\n  METRICS_PORT: must be set to serve metrics on METRICS_HOST');
  }
  if (c.METRICS_PORT !== undefined && c.METRICS_PORT === c.PORT) {
    throw new Error('Invalid configuration:\n  METRICS_PORT: must differ from PORT (metrics are never served with the app)');
  }
  if (c.METRICS_PORT === undefined && c.METRICS_TOKEN === undefined) return null;
  return {
    token: c.METRICS_TOKEN ?? null,
    listen: c.METRICS_PORT === undefined ? null : { port: c.METRICS_PORT, host: c.METRICS_HOST ?? '127.0.0.1' },
  };
}

/** PARKLY_GSTIN names its state; PARKLY_STATE, when set too, must be that state. */
function gstSettings(c: z.infer<typeof envSchema>) {
  const fromGstin = c.PARKLY_GSTIN === undefined ? null : stateCodeOfGstin(c.PARKLY_GSTIN);
  const fromName = c.PARKLY_STATE === undefined ? null : stateCodeOfName(c.PARKLY_STATE);
  if (fromGstin !== null && fromName !== null && fromGstin !== fromName) {
    throw new Error(
      `Invalid configuration:\n  PARKLY_STATE: is ${GST_STATES[fromName]} (${fromName}) but PARKLY_GSTIN is registered in ${GST_STATES[fromGstin]} (${fromGstin}); leave PARKLY_STATE unset or make them agree`,
    );
  }
  return { ratePercent: c.GST_PERCENT, gstin: c.PARKLY_GSTIN ?? null, stateCode: fromGstin ?? fromName };
}
