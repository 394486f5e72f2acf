import { ERROR_CODES, type ErrorCode, type PaymentAction } from '@parkly/shared/errors';

/** Services throw this; the error handler turns the code into a status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: Record<string, string>;
  readonly headers?: Record<string, string>;
  readonly action?: PaymentAction;

  constructor(code: ErrorCode, message: string, opts: { errors?: Record<string, string>; headers?: Record<string, string>; action?: PaymentAction } = {}) {
    super(message);
    this.code = code;
    this.status = ERROR_CODES[code];
    this.errors = opts.errors;
    this.headers = opts.headers;
    this.action = opts.action;
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const badRequest = (message: string, errors?: Record<string, string>) => new AppError('VALIDATION', message, { errors });

/** 429 with Retry-After in whole seconds. */
export function tooManyRequests(ttlMs: number, message = 'Too many attempts. Please wait a little and try again.') {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError('RATE_LIMITED', message, { headers: { 'retry-after': String(seconds) } });
}
