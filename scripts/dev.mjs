#!/usr/bin/env node
/**
 * `npm run dev`: the API server (built once, demo shop seeded), and the storefront and the merchant
 * console on Vite's dev servers with hot module replacement, calling that API. Open their addresses;
 * the API keeps its own (the demo and console OAuth clients accept any loopback origin outside
 * production).
 * Ctrl-C stops both; if either stops, so does the other.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** A port from the environment, or the default; anything else stops here with a clear message. */
function portOf(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`${name} must be a port number (1-65535), not "${raw}"`);
    process.exit(2);
  }
  return port;
}

const apiPort = portOf('PORT', 3000);
const devPort = portOf('DEV_PORT', 5173);
const consolePort = portOf('CONSOLE_DEV_PORT', 5174);
const apiUrl = `http://127.0.0.1:${apiPort}`;

// The storefront imports the packages' builds; the server runs from its own.
const build = spawnSync(
  npm,
  ['run', 'build', '-w', 'packages/sdk', '-w', 'packages/react', '-w', 'packages/rich-text', '-w', 'packages/server'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

// Each child in its own process group: Ctrl-C (sent to the terminal's whole group) reaches this script
// only, which stops each child once; the server takes a second signal as "exit without waiting".
const children = [
  // Vite serves the storefront: the server keeps to the API, hosted pages and mailbox.
  spawn(process.execPath, ['packages/server/dist/main.js', 'serve', '--no-storefront'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, PORT: String(apiPort) },
  }),
  spawn(npm, ['exec', '--', 'react-router', 'dev', '--host', '127.0.0.1', '--port', String(devPort), '--strictPort'], {
    cwd: `${root}apps/storefront`,
    stdio: 'inherit',
    detached: true,
    // The shop's address for its canonical and sitemap URLs: Vite's, where the shopper browses in dev.
    env: { ...process.env, VITRINE_API_URL: apiUrl, VITRINE_PUBLIC_URL: `http://127.0.0.1:${devPort}` },
  }),
  spawn(npm, ['exec', '--', 'vite', '--host', '127.0.0.1', '--port', String(consolePort), '--strictPort'], {
    cwd: `${root}apps/console`,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, VITRINE_API_URL: apiUrl },
  }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null) continue;
    // the whole group: `npm exec` does not pass the signal on to the Vite process it started
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));

console.log(
  `\nStorefront (hot reload): http://127.0.0.1:${devPort}\nConsole (hot reload): http://127.0.0.1:${consolePort}/console/\nAPI, hosted pages, mailbox: ${apiUrl}\n`,
);
