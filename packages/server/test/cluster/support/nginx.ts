import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** nginx in front of the web processes: one address for the shop, round-robin over them. */
export interface Balancer {
  /** `http://127.0.0.1:<port>`: what shoppers and merchants call */
  url: string;
  /** the master process's id (its workers are its children) */
  pid: number;
  /** the configuration it runs (docs/DEPLOY.md's, without TLS) */
  config: string;
  /** what nginx wrote to stderr (its error log) */
  log(): string;
  stop(): Promise<void>;
}

/** What a benchmark changes in docs/DEPLOY.md's configuration. */
export interface NginxOptions {
  /** how requests are spread: by the shopper's token (the default, docs/DEPLOY.md's), or round-robin (what a benchmark compares it with) */
  balancing?: 'token' | 'round-robin';
  /**
   * requests a client's keep-alive connection carries before nginx closes it (nginx's default: 1000). A
   * load generator that sends its next request before it reads the `Connection: close` (autocannon)
   * gets ECONNRESET at some of those closes, a failure of nobody behind nginx: a benchmark raises it.
   */
  keepaliveRequests?: number;
}

/**
 * The `http` block docs/DEPLOY.md recommends, on plain HTTP: a shopper's requests stay on one process
 * (hashed by its token) while it lives, a dead process is routed around
 * (`proxy_next_upstream`: nginx retries a request that never reached a process, never a POST that
 * did), connections to the processes are kept alive, and the operators' routes are not proxied.
 */
export function nginxConfig(dir: string, port: number, upstreamPorts: number[], options: NginxOptions = {}): string {
  const servers = upstreamPorts.map((upstreamPort) => `        server 127.0.0.1:${upstreamPort} max_fails=2 fail_timeout=5s;`);
  return `worker_processes 1;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;

    # A shopper's requests go to one process, chosen by its token, where its cart is remembered
    # (docs/DEPLOY.md, "nginx"); requests without a token spread at random.
    map $http_authorization $vitrine_affinity {
        ""      $request_id;
        default $http_authorization;
    }

    upstream vitrine {
${options.balancing === 'round-robin' ? '' : '        hash $vitrine_affinity consistent;\n'}${servers.join('\n')}
        keepalive 32;
    }

    server {
        listen 127.0.0.1:${port};
        client_max_body_size 21m;
${options.keepaliveRequests ? `        keepalive_requests ${options.keepaliveRequests};\n` : ''}
        location = /metrics { return 404; }
        location = /_api/vitrine/v1/backup { return 404; }

        location / {
            proxy_pass http://vitrine;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_next_upstream error timeout http_502 http_503;
            proxy_next_upstream_tries 2;
        }
    }
}
`;
}

/**
 * Starts Debian's nginx (`/usr/sbin/nginx`) in the foreground with a generated configuration in a
 * temporary folder, on `port` of loopback, in front of the processes listening on `upstreamPorts`.
 */
export async function startNginx(port: number, upstreamPorts: number[], options: NginxOptions = {}): Promise<Balancer> {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-nginx-'));
  // As root nginx's workers run as `nobody`: they must reach the temporary folders.
  await chmod(dir, 0o755);
  const config = nginxConfig(dir, port, upstreamPorts, options);
  await writeFile(join(dir, 'nginx.conf'), config);
  const child = spawn(
    '/usr/sbin/nginx',
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', `daemon off; pid ${dir}/nginx.pid; error_log stderr;`],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let log = '';
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await untilListening(url, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    pid: child.pid as number,
    config,
    log: () => log,
    async stop() {
      // SIGQUIT: nginx's graceful stop (finishes the requests under way)
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until nginx answers on `url` (any status), or fails with its log if it exits first. */
async function untilListening(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${log()}`);
    try {
      await (await fetch(`${url}/metrics`)).arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not listen on ${url} within 10 s:\n${log()}`);
}
