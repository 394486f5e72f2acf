import type { CheckResult } from '@parkly/shared/gate-pass';
import { apiFetch } from '../../../lib/api-client';

export type GateAction = 'check-in' | 'check-out';

/**
 * POST host/check-in or host/check-out {code, at?}: `at` is when the guard acted, for an action queued offline
 * and sent later (409 outside the window or done already, 404 for another host's pass).
 */
export const checkPass = (action: GateAction, code: string, at?: string) =>
  apiFetch<{ result: CheckResult }>(`host/${action}`, { method: 'POST', body: at ? { code, at } : { code } }).then((r) => r.result);
