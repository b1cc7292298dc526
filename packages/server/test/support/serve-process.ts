import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER_PACKAGE = fileURLToPath(new URL('../../', import.meta.url));
/** The `vitrine` command: its first line starts Node with the flags every deployed server runs with. */
const VITRINE_BIN = fileURLToPath(new URL('../../bin/vitrine.js', import.meta.url));

/** A `vitrine serve` child process that printed its address. */
export interface ServeProcess {
  child: ChildProcess;
  url: string;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * `vitrine serve --port 0 <args>` over an embedded data directory, from source (through tsx), resolved
 * once it listens. Settings of the test process that would change the server are left out.
 */
export function startServe(dataDir: string, args: string[] = [], env: Record<string, string> = {}): Promise<ServeProcess> {
  return spawnServe(process.execPath, ['--import', 'tsx', 'src/main.ts'], ['--port', '0', ...args], { VITRINE_DATA_DIR: dataDir, ...env });
}

/**
 * `vitrine serve <args>` of the built server (`dist/`, as deployed; it starts in a fraction of tsx's
 * time, which matters when a test starts several), with `env` as the only Vitrine settings. It runs the
 * `vitrine` command itself, so the server gets the Node flags a deployed one gets (docs/DEPLOY.md, "Memory").
 */
export function startBuiltServe(args: string[], env: Record<string, string>): Promise<ServeProcess> {
  return spawnServe(VITRINE_BIN, [], args, env);
}

async function spawnServe(command: string, entry: string[], args: string[], env: Record<string, string>): Promise<ServeProcess> {
  // A loaded CI machine may need longer than the production default (10 s) to finish and close the
  // embedded database; tests check that a stop is clean, not how fast it is.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: '60000', ...env };
  for (const name of [
    'DATABASE_URL',
    'DATABASE_READ_URL',
    'PORT',
    'HOST',
    'VITRINE_PUBLIC_URL',
    'SMTP_URL',
    'NODE_ENV',
    'MEDIA_DIR',
    'VITRINE_DEMO',
    'VITRINE_ROLE',
  ]) {
    if (!(name in env)) delete childEnv[name];
  }
  const child = spawn(command, [...entry, 'serve', ...args], { cwd: SERVER_PACKAGE, env: childEnv });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      // a web process prints its public URL; a worker the address it listens on
      const match = /Vitrine (?:worker )?is running at (\S+)/.exec(out);
      if (match) resolve(match[1] as string);
    });
    exited.then((code) => reject(new Error(`serve exited with ${code} before listening:\n${err}`)));
  });
  return {
    child,
    url,
    out: () => out,
    err: () => err,
    exited,
    stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
