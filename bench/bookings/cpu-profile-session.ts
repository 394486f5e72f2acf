/**
 * A V8 CPU profile of this thread (the server's: the app runs in the benchmark's main thread, the load
 * generator in a worker) while `work` runs, through node:inspector: the same profile `--cpu-prof`
 * writes, taken over one window instead of the whole process's life.
 */
import { Session } from 'node:inspector/promises';
import type { Profile } from '../lib/cpu-profile';

export async function cpuProfile<T>(work: () => Promise<T>, intervalUs = 200): Promise<{ result: T; profile: Profile }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
    await session.post('Profiler.start');
    // when the work fails, disconnecting below stops the profiler
    const result = await work();
    const stopped = await session.post('Profiler.stop');
    return { result, profile: stopped.profile as unknown as Profile };
  } finally {
    session.disconnect();
  }
}
