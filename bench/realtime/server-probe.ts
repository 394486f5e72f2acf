/**
 * Loaded into the API process with `--import` (the app's code is not touched): answers the
 * benchmark over the IPC channel with that process's event-loop delay (the time a ready socket event
 * or timer waits for the one thread) and, for `--profile`, a V8 CPU profile of a measured window.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export type ProbeCommand = { cmd: 'loop-reset' } | { cmd: 'loop' } | { cmd: 'profile-start' } | { cmd: 'profile-stop'; file: string };
export type ProbeAnswer = { kind: 'loop'; p50: number; p99: number; max: number } | { kind: 'profiled' };

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let session: Session | null = null;

function post(method: string): Promise<unknown> {
  return new Promise((resolve, reject) => session!.post(method, (err, result) => (err ? reject(err) : resolve(result))));
}

async function answer(m: ProbeCommand): Promise<ProbeAnswer | null> {
  if (m.cmd === 'loop-reset') {
    loop.reset();
    return null;
  }
  if (m.cmd === 'loop') return { kind: 'loop', p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  if (m.cmd === 'profile-start') {
    session = new Session();
    session.connect();
    await post('Profiler.enable');
    await post('Profiler.start');
    return null;
  }
  const { profile } = (await post('Profiler.stop')) as { profile: unknown };
  session?.disconnect();
  session = null;
  writeFileSync(m.file, JSON.stringify(profile));
  return { kind: 'profiled' };
}

if (process.send) {
  process.on('message', (m: ProbeCommand) => {
    void answer(m).then((a) => a && process.send!(a));
  });
  // the channel must not keep the server alive when it is asked to stop
  process.channel?.unref();
}
