import { API_BASE, MESSAGES } from '@parkly/shared/constants';
import type { ErrorBody, ErrorCode, PaymentAction } from '@parkly/shared/errors';
import { getToken } from './storage';

/** An answer that was not 2xx, with the server's code, message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  readonly errors?: Record<string, string>;
  /** PAYMENT_ACTION_REQUIRED: what the payer's browser does next (Stripe's 3-D Secure, Razorpay Checkout) */
  readonly action?: PaymentAction;
  constructor(status: number, body: Partial<ErrorBody>) {
    super(body.message ?? 'Something went wrong. Please try again.');
    this.status = status;
    this.code = body.code ?? (status === 0 ? 'NETWORK' : 'INTERNAL');
    this.errors = body.errors;
    this.action = body.action;
  }
}

/** How requests reach the API: the browser's fetch, or the server's own API when it draws a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);
/**
 * The server's renderer (entry-server.tsx) answers the app's requests in process. One transport serves
 * every page it draws (pages are drawn concurrently), so it must carry nothing of a request.
 */
export function setApiTransport(next: ApiTransport) {
  transport = next;
}

let onUnauthenticated: (() => void) | null = null;
/** The shell registers the logout flow run for any answer whose message is 'Unauthenticated User' or 'Unauthenticated'. */
export function setUnauthenticatedHandler(handler: () => void) {
  onUnauthenticated = handler;
}

export const isUnauthenticatedMessage = (message: unknown) => message === MESSAGES.unauthenticated || message === 'Unauthenticated';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls the API: adds the bearer token, sends JSON or FormData, and throws ApiError on failure. */
export async function apiFetch<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await transport(`${API_BASE}/${path.replace(/^\//, '')}`, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, { message: 'Network issue or server is unavailable.' });
  }
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const message = (json as { message?: unknown } | undefined)?.message;
  if (isUnauthenticatedMessage(message) && token) onUnauthenticated?.();
  if (!res.ok) {
    if (res.status === 400) console.warn('Bad request', path, json);
    throw new ApiError(res.status, (json as Partial<ErrorBody>) ?? {});
  }
  return json as T;
}

/**
 * Downloads a file the API answers behind the token (a CSV export): the body as a Blob and the name the
 * server gives it. Errors come as ApiError, and 'Unauthenticated User' runs the logout flow, as for apiFetch.
 */
export async function apiFetchFile(path: string, opts: { signal?: AbortSignal } = {}): Promise<{ blob: Blob; fileName: string | null }> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await transport(`${API_BASE}/${path.replace(/^\//, '')}`, { method: 'GET', headers, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, { message: 'Network issue or server is unavailable.' });
  }
  if (!res.ok) {
    let body: Partial<ErrorBody> = {};
    try {
      body = (await res.json()) as Partial<ErrorBody>;
    } catch {
      body = {};
    }
    if (isUnauthenticatedMessage(body.message) && token) onUnauthenticated?.();
    throw new ApiError(res.status, body);
  }
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await res.blob(), fileName };
}
