// Process and HTTP helpers shared by the benchmarks that run the built server in a child process.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free loopback port (closed again before it is returned). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Spawns a process and resolves once a line of its output matches `ready`. */
export function startChild(args, env, ready, label) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => fail(new Error(`${label} did not start within 60 s:\n${out}`)), 60_000);
    const fail = (error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = (chunk) => {
      out += chunk;
      if (ready.test(out)) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => {
      out += chunk;
      process.stderr.write(`[${label}] ${chunk}`);
    });
    child.once('exit', (code) => fail(new Error(`${label} exited (${code}) before it was ready:\n${out}`)));
  });
}

export function stopChild(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.removeAllListeners('exit');
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** GET/POST helper: the parsed JSON answer, or an error naming the call and its answer. */
export async function json(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}
