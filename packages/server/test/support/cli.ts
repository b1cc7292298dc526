import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/program.js';

/** What one `vitrine` invocation printed and returned. */
export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `vitrine <argv>` in this process with exactly `env` (never the test process's environment). */
export async function vitrine(argv: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { env: { LOG_LEVEL: 'silent', ...env }, out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A fresh folder for an embedded data directory; `remove()` it after. */
export async function tempDataDir(): Promise<{ dir: string; env: { VITRINE_DATA_DIR: string }; remove(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'vitrine-cli-'));
  const dir = join(root, 'data');
  return { dir, env: { VITRINE_DATA_DIR: dir }, remove: () => rm(root, { recursive: true, force: true }) };
}
