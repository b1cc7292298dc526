#!/usr/bin/env node
// The environment as the process was started with: the settings read it (config.ts), so NODE_ENV keeps its
// meaning for Vitrine (`production` requires VITRINE_SECRET, serves no dev mailbox, never seeds the demo).
const environment = { ...process.env };
// Libraries read NODE_ENV for themselves: React (`react`, its JSX runtime, `react-dom/server`: the hosted
// pages and the order mails) loads its development build, slower and larger, unless NODE_ENV is
// `production` when it is first loaded, and `npm start` sets none. React exports no production entry point of
// its own, so the server process says `production` for its libraries, whatever the shop set, before it loads
// any of them: the CLI is imported only after this line (docs/DEPLOY.md, "Runtime"). Tests that build a
// server in their own process do not come through here and keep React's development checks.
process.env.NODE_ENV = 'production';
const { runCli } = await import('./cli/program.js');

// The exit code is set, not forced: the process ends once the command has closed what it opened.
process.exitCode = await runCli(process.argv.slice(2), {
  env: environment,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  errTerminal: process.stderr.isTTY ? (text) => process.stderr.write(text) : undefined,
});
