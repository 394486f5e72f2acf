/** What main.ts and the socket-client processes (socket-clients.ts) say to each other. */
import type { BenchUser } from './setup';

export type ClientCommand =
  | { cmd: 'open'; port: number; origin: string; users: BenchUser[]; inFlight: number }
  | { cmd: 'reset' }
  | { cmd: 'collect' }
  | { cmd: 'close' };

export interface OpenReport {
  kind: 'opened';
  opened: number;
  failed: number;
  firstError?: string;
  ms: number;
}

/** A benchmark event as received: the message's number, which path sent it, and its latency. */
export const PATH = { publish: 0, chatToOther: 1, chatToSender: 2 } as const;

export interface Receipts {
  kind: 'receipts';
  seq: Float64Array;
  path: Uint8Array;
  latencyMs: Float64Array;
  /** other event frames (chat's notification and unread events) and pings */
  otherEvents: number;
  pings: number;
  /** sockets open now, and closes by code since the start */
  open: number;
  closes: Record<string, number>;
  /** this process's event-loop delay since the last reset, ms */
  loopP99: number;
  loopMax: number;
}

/** wall-clock time with sub-millisecond resolution, comparable between processes of this machine */
export const wallNow = () => performance.timeOrigin + performance.now();

