import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

// A CPU profile of the embedded database's thread, for `npm run bench -- --cpu-prof DIR`. Node's
// own --cpu-prof wrote none for this thread, which is stopped rather than left to exit
// (pglite-thread.ts), so the bench asks for it through PGLITE_CPU_PROF_DIR instead.

/**
 * Starts profiling this thread; the returned function writes the profile into `dir`. A failure is
 * logged, never thrown: the database must close even when its profile cannot be written.
 */
export async function startCpuProfile(dir: string): Promise<() => Promise<void>> {
  const session = new Session();
  try {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  } catch (error) {
    console.error('The database thread could not start its CPU profile:', error);
    return async () => undefined;
  }
  return async () => {
    try {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(join(dir, `pglite-${process.pid}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    } catch (error) {
      console.error('The database thread could not write its CPU profile:', error);
    } finally {
      session.disconnect();
    }
  };
}
