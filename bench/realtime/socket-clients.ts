/**
 * A child process that holds many realtime sockets, as browsers would: for each user it asks for a
 * ticket (POST realtime/ticket with the session token), opens `GET realtime?ticket=` with an allowed
 * Origin, waits for `hello`, sends `resume`, and answers the server's pings. It notes the arrival of
 * every benchmark event (its send time is in the payload: same machine, same clock) and hands the
 * figures to the parent on request. Run by main.ts with `fork`, never on its own.
 */
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { API_BASE } from '@parkly/shared/constants';
import type { BenchUser } from './setup';
import { PATH, wallNow, type ClientCommand, type OpenReport, type Receipts } from './protocol';

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const sockets = new Set<WebSocket>();
const closes: Record<string, number> = {};
let seqs: number[] = [];
let paths: number[] = [];
let latencies: number[] = [];
let otherEvents = 0;
let pings = 0;
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

function postTicket(port: number, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: `${API_BASE}/realtime/ticket`, method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-length': 0 } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) reject(new Error(`POST realtime/ticket: ${res.statusCode} ${body.slice(0, 200)}`));
          else resolve((JSON.parse(body) as { ticket: string }).ticket);
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

interface EventFrame {
  kind: string;
  type?: string;
  data?: { seq?: number; t?: number; message?: { text?: string; sender_id?: string } };
}

/** What a frame says: a benchmark event is noted with its latency; a ping is answered. */
function received(ws: WebSocket, userId: string, raw: string) {
  const at = wallNow();
  const f = JSON.parse(raw) as EventFrame;
  if (f.kind === 'ping') {
    pings += 1;
    ws.send(JSON.stringify({ kind: 'pong', t: Date.now() }));
    return;
  }
  if (f.kind !== 'event') return;
  if (f.type === 'bench' && typeof f.data?.seq === 'number') {
    seqs.push(f.data.seq);
    paths.push(PATH.publish);
    latencies.push(at - f.data.t!);
    return;
  }
  const text = f.type === 'message' ? f.data?.message?.text : undefined;
  const m = text ? /^bench (\d+) ([\d.]+)$/.exec(text) : null;
  if (m) {
    seqs.push(Number(m[1]));
    paths.push(f.data!.message!.sender_id === userId ? PATH.chatToSender : PATH.chatToOther);
    latencies.push(at - Number(m[2]));
    return;
  }
  otherEvents += 1;
}

/** Ticket, socket, hello, resume: resolves once the socket is live. */
async function openOne(port: number, origin: string, user: BenchUser) {
  const ticket = await postTicket(port, user.token);
  await new Promise<void>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${API_BASE}/realtime?ticket=${ticket}`, { headers: { origin } });
    let live = false;
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = (data as Buffer).toString('utf8');
      if (!live) {
        const hello = JSON.parse(text) as { kind: string; last_id: number };
        if (hello.kind !== 'hello') return;
        live = true;
        sockets.add(ws);
        ws.send(JSON.stringify({ kind: 'resume', after_id: hello.last_id }));
        resolve();
        return;
      }
      received(ws, user.id, text);
    });
    ws.on('unexpected-response', (_req, res) => {
      reject(new Error(`socket refused: ${res.statusCode}`));
      ws.terminate();
    });
    ws.on('error', (err) => {
      if (!live) reject(err);
    });
    ws.on('close', (code) => {
      sockets.delete(ws);
      if (live) closes[code] = (closes[code] ?? 0) + 1;
    });
  });
}

async function openAll(c: Extract<ClientCommand, { cmd: 'open' }>): Promise<OpenReport> {
  const started = performance.now();
  let next = 0;
  let opened = 0;
  let failed = 0;
  let firstError: string | undefined;
  const lane = async () => {
    while (next < c.users.length) {
      const user = c.users[next++]!;
      try {
        await openOne(c.port, c.origin, user);
        opened += 1;
      } catch (err) {
        failed += 1;
        firstError ??= (err as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: c.inFlight }, lane));
  return { kind: 'opened', opened, failed, firstError, ms: performance.now() - started };
}

function collect(): Receipts {
  return {
    kind: 'receipts',
    seq: Float64Array.from(seqs),
    path: Uint8Array.from(paths),
    latencyMs: Float64Array.from(latencies),
    otherEvents,
    pings,
    open: sockets.size,
    closes: { ...closes },
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
  };
}

process.on('message', (c: ClientCommand) => {
  const reply = (m: unknown) => process.send!(m);
  if (c.cmd === 'open') void openAll(c).then(reply);
  else if (c.cmd === 'reset') {
    seqs = [];
    paths = [];
    latencies = [];
    otherEvents = 0;
    pings = 0;
    loop.reset();
    reply({ kind: 'reset' });
  } else if (c.cmd === 'collect') reply(collect());
  else if (c.cmd === 'close') {
    for (const ws of sockets) ws.terminate();
    agent.destroy();
    reply({ kind: 'closed' });
    process.disconnect();
  }
});
