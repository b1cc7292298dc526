// The built server's CLI and fresh PostgreSQL databases, for the benchmarks that run `vitrine` in child processes.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startChild } from './processes.mjs';

/** The built server's entry (`npm run build` makes it). */
export const MAIN = fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url));

/** The words of the `vitrine` command's first line: `#!/usr/bin/env -S NAME=value … node --flag …`. */
const VITRINE_LINE = readFileSync(new URL('../../packages/server/bin/vitrine.js', import.meta.url), 'utf8')
  .split('\n', 1)[0]
  .split(' ');

/** Node's flags the `vitrine` command starts the server with: those of its first line. */
export const VITRINE_NODE_FLAGS = VITRINE_LINE.filter((word) => word.startsWith('--'));

/** The environment variables the `vitrine` command's first line sets for Node (`env`'s NAME=value words). */
export const VITRINE_NODE_ENV = Object.fromEntries(
  VITRINE_LINE.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => [
    word.slice(0, word.indexOf('=')),
    word.slice(word.indexOf('=') + 1),
  ]),
);

/** Node's arguments of `vitrine serve` as the `vitrine` command starts it (its Node flags, then the built entry); the server's own arguments follow. */
const SERVE = [...VITRINE_NODE_FLAGS, MAIN, 'serve'];

/**
 * `vitrine serve` with the server's `args`, started as the `vitrine` command starts it: its Node flags and its
 * environment variables (`MALLOC_ARENA_MAX`) over `env`, so that a benchmark measures what a shop runs.
 * `nodeFlags` go before the command's own (a profiler's). Answers once the server says it is running.
 */
export function startBuiltServer(args, env, { nodeFlags = [] } = {}) {
  return startChild([...nodeFlags, ...SERVE, ...args], { ...env, ...VITRINE_NODE_ENV }, /Vitrine is running at/, 'server');
}

/** Runs the CLI to completion. @throws Error with its output when it fails */
export function cli(args, env) {
  const spawned = spawnSync(process.execPath, [MAIN, ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (spawned.status !== 0) throw new Error(`vitrine ${args.join(' ')} failed (${spawned.status}):\n${spawned.stdout}${spawned.stderr}`);
}

/** Runs one statement on the PostgreSQL server of `url`, through the built server's own database layer. */
async function onServer(url, statement) {
  const { openDatabase } = await import(new URL('../../packages/server/dist/platform/db/database.js', import.meta.url).href);
  const { sql } = await import('kysely');
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    await sql.raw(statement).execute(database.db);
  } finally {
    await database.close();
  }
}

/** A fresh database named `<prefix>_<random>` on the PostgreSQL server of `url`; answers its URL and how to drop it. */
export async function freshPostgres(url, prefix) {
  const name = `${prefix}_${crypto.randomUUID().slice(0, 8)}`;
  await onServer(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => dropDatabase(url, name) };
}

/**
 * Drops a bench database, closing its connections. After a large seed an autovacuum worker is often
 * analysing it; the worker belongs to the superuser, whom `WITH (FORCE)` may not interrupt (42501), and
 * it ends within moments, so the drop is tried again.
 */
async function dropDatabase(url, name) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (error) {
      if (error?.code !== '42501' || attempt >= 40) throw error;
      await new Promise((resume) => setTimeout(resume, 250));
    }
  }
}
