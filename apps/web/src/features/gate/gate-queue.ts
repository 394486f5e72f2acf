/**
 * Check-ins and check-outs taken at the gate with no network (decision 034): kept on the device in order, and
 * sent when the network is back, each with the time the guard acted (the API keeps it, up to 12 hours old).
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { checkPass, type GateAction } from './api/check-pass';

export interface QueuedAction {
  id: string;
  action: GateAction;
  code: string;
  /** when the guard acted (ISO) */
  at: string;
  /** what the guard saw: 'Asha · KA 01 AB 1234', or the code */
  label: string;
}

export interface SentAction extends QueuedAction {
  outcome: 'done' | 'refused';
  message: string;
}

const KEY = 'parkly_gate_queue';

export function readQueue(): QueuedAction[] {
  try {
    const list = JSON.parse(window.localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as QueuedAction[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(list: QueuedAction[]) {
  try {
    if (list.length) window.localStorage.setItem(KEY, JSON.stringify(list));
    else window.localStorage.removeItem(KEY);
  } catch {
    // storage full or blocked: the action stays in memory for this visit
  }
}

const isNetworkError = (err: unknown) => err instanceof ApiError && (err.code === 'NETWORK' || err.status >= 500);

/** Sends the queued actions in order; stops at the first that cannot reach the server (the rest wait with it). */
export async function flushQueue(send = checkPass): Promise<SentAction[]> {
  const sent: SentAction[] = [];
  for (const item of readQueue()) {
    try {
      const r = await send(item.action, item.code, item.at);
      sent.push({ ...item, outcome: 'done', message: `${item.action === 'check-in' ? 'Checked in' : 'Checked out'} ${r.guest_name}${r.plate ? ` · ${r.plate}` : ''}` });
    } catch (err) {
      if (isNetworkError(err)) break;
      sent.push({ ...item, outcome: 'refused', message: err instanceof Error ? err.message : 'Refused' });
    }
    writeQueue(readQueue().filter((q) => q.id !== item.id));
  }
  return sent;
}

/** The queue as the gate screen shows it: what waits, what was sent since, and a way to add. */
export function useGateQueue() {
  const [waiting, setWaiting] = useState<QueuedAction[]>(() => (typeof window === 'undefined' ? [] : readQueue()));
  const [sent, setSent] = useState<SentAction[]>([]);

  const flush = useCallback(async () => {
    if (!readQueue().length) return;
    const done = await flushQueue();
    setSent((prev) => [...done, ...prev].slice(0, 20));
    setWaiting(readQueue());
  }, []);

  // subscribing to the browser's online event: the queue goes out as soon as the network is back
  useEffect(() => {
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    if (navigator.onLine) void flush();
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  const add = useCallback((item: Omit<QueuedAction, 'id'>) => {
    writeQueue([...readQueue(), { ...item, id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}` }]);
    setWaiting(readQueue());
  }, []);

  return { waiting, sent, add, flush };
}

export { isNetworkError };
