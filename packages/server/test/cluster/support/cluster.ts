/**
 * The production shape on one machine (#23): a PostgreSQL primary and its streaming replica, several
 * `vitrine serve --role web` processes of the built server behind nginx, and workers. Shared by the
 * cluster test and `npm run bench -- cluster`.
 */
import { vitrine } from '../../support/cli.js';
import { type ServeProcess, startBuiltServe } from '../../support/serve-process.js';
import { freePort } from '../../support/test-server.js';
import { type Balancer, type NginxOptions, startNginx } from './nginx.js';
import { type PostgresPair, startPostgresPair } from './postgres-pair.js';

/** One web process: its own loopback address (for direct calls) and its child process. */
export interface WebProcess {
  url: string;
  serve: ServeProcess;
}

export interface Cluster {
  pair: PostgresPair;
  balancer: Balancer;
  /** the processes behind the balancer, in its upstream order */
  webs: WebProcess[];
  workers: ServeProcess[];
  /** the merchant API key every process accepts */
  apiKey: string;
  /** the settings every process runs with (the primary, the replica, the public URL…) */
  env: Record<string, string>;
  /** `vitrine <argv>` against the primary, as an operator runs it */
  cli(argv: string[]): Promise<string>;
  /** Starts one more worker. */
  addWorker(): Promise<ServeProcess>;
  /** Starts a web process the balancer does not know (a latecomer called directly). */
  addWeb(): Promise<WebProcess>;
  /** Stops every process, nginx and both database clusters, whatever failed before. */
  stop(): Promise<void>;
}

/** How long a process may take to stop cleanly before it is killed (the stop must not hang `afterAll`). */
const STOP_GRACE_MS = 30_000;

/**
 * Starts the pair, migrates the primary once (`vitrine migrate`), then `webs` web processes and one
 * worker all at once on the fresh database (their simultaneous first start is what agrees on one
 * signing key), and nginx in front of the web processes.
 */
export async function startCluster(options: {
  webs: number;
  /** settings of the web processes beyond the cluster's (a benchmark's log level) */
  webEnv?: Record<string, string>;
  /** what a benchmark changes in the balancer's configuration */
  balancer?: NginxOptions;
}): Promise<Cluster> {
  const pair = await startPostgresPair();
  const running: ServeProcess[] = [];
  const workers: ServeProcess[] = [];
  let balancer: Balancer | undefined;
  const stop = async () => {
    await balancer?.stop();
    await Promise.all(running.map(stopOrKill));
    await pair.stop();
  };
  try {
    const balancerPort = await freePort();
    const apiKey = `vmk_cluster_${crypto.randomUUID().replaceAll('-', '')}`;
    const env = {
      DATABASE_URL: pair.primaryUrl,
      DATABASE_READ_URL: pair.replicaUrl,
      VITRINE_PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
      VITRINE_SECRET: `cluster-secret-${crypto.randomUUID()}`,
      VITRINE_API_KEYS: apiKey,
      TRUST_PROXY: '127.0.0.1',
      CAPTCHA: 'off',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    const cli = async (argv: string[]) => {
      const run = await vitrine(argv, { DATABASE_URL: pair.primaryUrl });
      if (run.code !== 0) throw new Error(`vitrine ${argv.join(' ')} exited ${run.code}: ${run.err}`);
      return run.out;
    };
    await cli(['migrate']);

    const workerEnv = { ...env, WEBHOOK_INTERVAL_MS: '20' };
    const webEnv = { ...env, ...options.webEnv };
    const startWorker = async () => {
      const worker = await startBuiltServe(['--port', '0', '--host', '127.0.0.1', '--role', 'worker'], workerEnv);
      running.push(worker);
      workers.push(worker);
      return worker;
    };
    const startWeb = async (): Promise<WebProcess> => {
      const port = await freePort();
      const serve = await startBuiltServe(['--port', String(port), '--host', '127.0.0.1', '--no-storefront', '--role', 'web'], webEnv);
      running.push(serve);
      return { url: `http://127.0.0.1:${port}`, serve };
    };
    const [webs] = await Promise.all([Promise.all(Array.from({ length: options.webs }, startWeb)), startWorker()]);
    balancer = await startNginx(
      balancerPort,
      webs.map((web) => Number(new URL(web.url).port)),
      options.balancer,
    );
    return { pair, balancer, webs, workers, apiKey, env, cli, addWorker: startWorker, addWeb: startWeb, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** SIGTERM, then SIGKILL when the process has not stopped within the grace period; a dead one is left. */
async function stopOrKill(serve: ServeProcess): Promise<void> {
  if (serve.child.exitCode !== null || serve.child.signalCode !== null) return;
  const timer = setTimeout(() => serve.child.kill('SIGKILL'), STOP_GRACE_MS);
  await serve.stop();
  clearTimeout(timer);
}
