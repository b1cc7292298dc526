#!/usr/bin/env node
import { runCli } from './cli/program.js';

// The exit code is set, not forced: the process ends once the command has closed what it opened.
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  errTerminal: process.stderr.isTTY ? (text) => process.stderr.write(text) : undefined,
});
