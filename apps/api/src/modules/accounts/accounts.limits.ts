const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Per-address limits (route config). Login allows more than the per-account failure lock below,
 * because many people can share one address (an office, a mobile carrier's NAT).
 */
export const ROUTE_LIMITS = {
  signup: { max: 10, timeWindow: HOUR },
  login: { max: 30, timeWindow: 15 * MINUTE },
  changePassword: { max: 10, timeWindow: 15 * MINUTE },
  forgotPassword: { max: 5, timeWindow: 15 * MINUTE },
  resetPassword: { max: 10, timeWindow: 15 * MINUTE },
  upload: { max: 20, timeWindow: HOUR },
} as const;

/** Failed logins per account, from any address, before that account is locked for the rest of the window. */
export const LOGIN_FAILURES = { max: 10, windowMs: 15 * MINUTE } as const;

/** The counter of an account's failed logins (and of wrong current passwords given by a signed-in session). */
export const loginFailureKey = (email: string) => `login-fail:${email.toLowerCase()}`;

/** Reset e-mails per address (the recipient) per hour, so the form cannot be used to flood someone's inbox. */
export const RESET_MAILS = { max: 3, windowMs: HOUR } as const;

export const RESET_TOKEN_TTL_MS = HOUR;
