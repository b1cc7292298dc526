/**
 * The Node flags a server runs with are written once, in the first line of the `vitrine` command
 * (`#!/usr/bin/env -S node …`); a built server started as the tests, the benchmarks and docs/DEPLOY.md
 * start it runs with exactly those (#23). Linux: the process's command line is read from /proc.
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { tempDataDir } from '../../test/support/cli.js';
import { startBuiltServe } from '../../test/support/serve-process.js';

const VITRINE_BIN = new URL('../../bin/vitrine.js', import.meta.url);

it("runs the built server with the Node flags and the environment of the vitrine command's first line (#23)", async () => {
  const firstLine = (await readFile(VITRINE_BIN, 'utf8')).split('\n', 1)[0] as string;
  const flags = firstLine.split(' ').filter((word) => word.startsWith('--'));
  expect(flags.length).toBeGreaterThan(0);
  const data = await tempDataDir();
  // a worker alone on an embedded data directory: the quickest start that listens
  const server = await startBuiltServe(['--port', '0', '--host', '127.0.0.1', '--role', 'worker'], data.env);
  try {
    const commandLine = (await readFile(`/proc/${server.child.pid}/cmdline`, 'utf8')).split('\0');
    // node, its flags, then the script
    expect(commandLine.slice(1, 1 + flags.length)).toEqual(flags);
    expect(commandLine[1 + flags.length]).toMatch(/bin\/vitrine\.js$/);
    // and the environment that line sets before Node starts (`env NAME=value …`: MALLOC_ARENA_MAX)
    const assignments = firstLine.split(' ').filter((word) => /^[A-Z_]+=/.test(word));
    expect(assignments).toContain('MALLOC_ARENA_MAX=2');
    const environment = (await readFile(`/proc/${server.child.pid}/environ`, 'utf8')).split('\0');
    for (const assignment of assignments) expect(environment).toContain(assignment);
  } finally {
    await server.stop();
    await data.remove();
  }
}, 60_000);
