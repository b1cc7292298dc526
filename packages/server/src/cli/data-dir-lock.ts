import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliFailure } from './command.js';

const LOCK_FILE = 'vitrine.lock';

/**
 * Takes the embedded data directory for this process. PGlite has no lock of its own, and two processes
 * on one directory corrupt it (a `vitrine keys rotate` while `vitrine serve` runs, say), so the first
 * one writes its pid here; a lock whose process is gone is taken over. Returns the release function.
 * @throws CliFailure when a live process holds the directory
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => unlink(file).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new CliFailure(
        `the data directory ${dir} is in use by process ${holder} (a running 'vitrine serve'?). ` +
          'Stop it first, or run the server on PostgreSQL (DATABASE_URL) to use commands alongside it. ' +
          `If that process is not Vitrine, delete ${file}.`,
      );
    }
    await unlink(file).catch(() => undefined);
  }
  throw new CliFailure(`could not lock the data directory ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
