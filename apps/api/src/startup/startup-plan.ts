/**
 * What a server start does before it serves anyone, decided in one pure function so tests read
 * the decisions without starting a process: whether the demo content is loaded, and what must be
 * said loudly at every start. The embedded database is the newcomer's (`npm ci && npm start`): the
 * demo loads and its accounts are named in one friendly line. PostgreSQL is where real people are:
 * the demo loads only with DEMO_DATA=1, and public demo passwords or simulated payments there are
 * warned about at every start, however they came to be.
 */
import type { Config } from '../config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type PublicDemoAccount } from '../seed/demo';

export interface DatabaseState {
  /** nobody has signed up and no content exists: the only time the demo content is loaded */
  empty: boolean;
  /** demo accounts that can log in with the public demo password now (findPublicDemoAccounts) */
  publicDemoAccounts: PublicDemoAccount[];
}

export interface StartupWarning {
  title: string;
  lines: string[];
}

export interface StartupPlan {
  seedDemo: boolean;
  /** the one line for the newcomer on the embedded database, naming the demo accounts (null: none) */
  demoNotice: string | null;
  /** said at every start, each as a banner on stderr and a warn log line */
  warnings: StartupWarning[];
}

export type StartupConfig = Pick<Config, 'database' | 'demoData' | 'paymentProvider'>;

export function startupPlan(config: StartupConfig, db: DatabaseState): StartupPlan {
  const seedDemo = config.demoData && db.empty;
  // the seed gives every demo account the public password
  const open: PublicDemoAccount[] = seedDemo ? DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role === 'admin' ? 'admin' : 'user' })) : db.publicDemoAccounts;
  if (config.database === 'embedded') {
    const named = DEMO_ACCOUNTS.filter((a) => open.some((o) => o.email === a.email)).map((a) => a.email);
    return { seedDemo, demoNotice: named.length ? `Demo accounts (password "${DEMO_PASSWORD}"): ${named.join(', ')}` : null, warnings: [] };
  }
  const warnings: StartupWarning[] = [];
  if (open.length > 0) warnings.push(publicDemoWarning(open, seedDemo));
  if (config.paymentProvider === 'simulated') warnings.push(SIMULATED_PAYMENTS);
  return { seedDemo, demoNotice: null, warnings };
}

function publicDemoWarning(accounts: PublicDemoAccount[], seeding: boolean): StartupWarning {
  const admins = accounts.filter((a) => a.role === 'admin').map((a) => a.email);
  const shown = accounts.slice(0, 6).map((a) => a.email);
  // the seed also makes demo hosts, reviewers and guests under parkly.test with the same password
  const rest = seeding ? ' and the other demo accounts under parkly.test' : accounts.length > shown.length ? ` and ${accounts.length - shown.length} more under parkly.test` : '';
  return {
    title: `Demo accounts with the public password "${DEMO_PASSWORD}" can log in`,
    lines: [
      `${seeding ? 'DEMO_DATA=1 loaded the demo content. ' : ''}These accounts on this PostgreSQL database have the password printed in the README:`,
      `${shown.join(', ')}${rest}.`,
      ...(admins.length ? [`${admins.join(', ')} ${admins.length === 1 ? 'is an administrator' : 'are administrators'}: anyone can run this marketplace with ${admins.length === 1 ? 'it' : 'them'}.`] : []),
      'Before real people use this site: make your own administrator (npm run create-admin -- --email you@example.com --password "…"),',
      'then suspend the demo accounts in the admin console (/admin/users) or give each a new password; or start on a fresh database without DEMO_DATA.',
    ],
  };
}

const SIMULATED_PAYMENTS: StartupWarning = {
  title: 'Payments are simulated: no money moves',
  lines: [
    'PAYMENT_PROVIDER=simulated on PostgreSQL: bookings are paid with test cards (4242 4242 4242 4242) and no card is charged;',
    "hosts' payouts are marked simulated. For real payments set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY,",
    'STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET; or PAYMENT_PROVIDER=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET',
    'and RAZORPAY_WEBHOOK_SECRET (UPI, cards, netbanking and wallets through Razorpay Checkout).',
  ],
};

/** A warning as a block that stands out in a terminal or a log file. */
export function banner(w: StartupWarning): string {
  const rule = '!'.repeat(100);
  return [rule, `!!  WARNING: ${w.title}`, ...w.lines.map((l) => `!!  ${l}`), rule].join('\n');
}
