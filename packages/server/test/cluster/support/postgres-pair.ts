import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../support/test-server.js';

const run = promisify(execFile);

/** The newest PostgreSQL installed by Debian's packages (`/usr/lib/postgresql/<version>/bin`). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'postgres')))
        .sort((left, right) => Number(left) - Number(right))
    : [];
  const newest = versions.at(-1);
  if (!newest) throw new Error(`no PostgreSQL server under ${root}: install Debian's postgresql package (.ci/run does)`);
  return join(root, newest, 'bin');
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user Debian's package made. */
const asRoot = process.getuid?.() === 0;

async function pgProgram(program: string, args: string[]): Promise<string> {
  const file = join(postgresBin(), program);
  try {
    const { stdout } = asRoot ? await run('runuser', ['-u', 'postgres', '--', file, ...args]) : await run(file, args);
    return stdout;
  } catch (cause) {
    const failure = cause as { stderr?: string; message: string };
    throw new Error(`${program} ${args.join(' ')} failed: ${failure.stderr || failure.message}`, { cause });
  }
}

/** A database role and name the servers under test use on both clusters. */
const ROLE = 'vitrine';
const DATABASE = 'vitrine';

/** A PostgreSQL primary and a streaming replica of it, each its own cluster on a free loopback port. */
export interface PostgresPair {
  /** `postgres://vitrine:vitrine@127.0.0.1:<port>/vitrine` of the primary (writable). */
  primaryUrl: string;
  /** The same database on the hot standby (read-only; replays the primary's WAL). */
  replicaUrl: string;
  /** Resolves once the replica has replayed everything the primary had committed when called. */
  waitForReplay(): Promise<void>;
  /**
   * Delays the replica's replay of each commit by `ms` (PostgreSQL's `recovery_min_apply_delay`): a lag
   * tests can count on. 0 replays at once again.
   */
  setReplayDelay(milliseconds: number): Promise<void>;
  /** Stops the replica alone (fast shutdown: its connections are ended), as an outage of the standby. */
  stopReplica(): Promise<void>;
  /** The process ids of the primary's and the replica's postmasters (a benchmark counts their CPU). */
  postmasterPids(): Promise<number[]>;
  /** Stops both clusters and removes their files. */
  stop(): Promise<void>;
}

/**
 * Starts a fresh primary (`initdb`, WAL for replication, trust authentication on loopback only) and a
 * hot standby made from it with `pg_basebackup -R`, the way an operator sets up streaming replication.
 * Nothing is downloaded: Debian's `postgresql` package provides the programs.
 */
export async function startPostgresPair(): Promise<PostgresPair> {
  const root = await mkdtemp(join(tmpdir(), 'vitrine-pg-pair-'));
  if (asRoot) await run('chown', ['postgres:postgres', root]);
  const primaryDir = join(root, 'primary');
  const replicaDir = join(root, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const started: string[] = [];

  const startCluster = async (dir: string, port: number) => {
    await pgProgram('pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', `-p ${port} -k ${root}`, 'start']);
    started.push(dir);
  };
  const stop = async () => {
    for (const dir of started.reverse()) await pgProgram('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    await rm(root, { recursive: true, force: true });
  };

  try {
    await pgProgram('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const settings = [
      "listen_addresses = '127.0.0.1'",
      'wal_level = replica',
      'max_wal_senders = 5',
      'hot_standby = on',
      // The standby answers queries that a replay conflicts with, rather than cancelling them at once.
      'max_standby_streaming_delay = 5s',
      // Tests need no crash safety of the clusters themselves (the servers under test are what is killed).
      'fsync = off',
      'full_page_writes = off',
      'max_connections = 200',
    ];
    await appendConfig(join(primaryDir, 'postgresql.conf'), settings);
    await writeFile(
      join(primaryDir, 'pg_hba.conf'),
      ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust', ''].join('\n'),
    );
    await startCluster(primaryDir, primaryPort);

    const admin = new pg.Client({ host: '127.0.0.1', port: primaryPort, user: 'postgres', database: 'postgres' });
    await admin.connect();
    try {
      await admin.query(`CREATE ROLE ${ROLE} LOGIN CREATEDB PASSWORD '${ROLE}'`);
      await admin.query(`CREATE DATABASE ${DATABASE} OWNER ${ROLE}`);
    } finally {
      await admin.end();
    }

    // -R writes standby.signal and primary_conninfo: the copy starts as a streaming hot standby. A fast
    // checkpoint: the default spreads it over minutes.
    await pgProgram('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
      '--no-sync',
    ]);
    await startCluster(replicaDir, replicaPort);
  } catch (error) {
    await stop();
    throw error;
  }

  const url = (port: number) => `postgres://${ROLE}:${ROLE}@127.0.0.1:${port}/${DATABASE}`;
  const asSuperuser = async <T>(port: number, work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  return {
    primaryUrl: url(primaryPort),
    replicaUrl: url(replicaPort),
    async waitForReplay() {
      const target = await asSuperuser(
        primaryPort,
        async (client) => (await client.query<{ lsn: string }>('SELECT pg_current_wal_lsn() AS lsn')).rows[0]?.lsn,
      );
      await asSuperuser(replicaPort, async (client) => {
        const deadline = Date.now() + 60_000;
        for (;;) {
          const caught = await client.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [target]);
          if (caught.rows[0]?.done) return;
          if (Date.now() > deadline) throw new Error(`the replica did not replay up to ${target} within 60 s`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
    },
    async setReplayDelay(milliseconds) {
      await asSuperuser(replicaPort, async (client) => {
        await client.query(`ALTER SYSTEM SET recovery_min_apply_delay = '${Math.max(0, Math.trunc(milliseconds))}ms'`);
        await client.query('SELECT pg_reload_conf()');
      });
    },
    async stopReplica() {
      await pgProgram('pg_ctl', ['-D', replicaDir, '-m', 'fast', '-w', 'stop']);
    },
    async postmasterPids() {
      // postmaster.pid's first line is the postmaster's process id
      const pidOf = async (dir: string) => Number((await readFile(join(dir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      return Promise.all([pidOf(primaryDir), pidOf(replicaDir)]);
    },
    stop,
  };
}

/** Appends settings to an existing file (as root the file keeps its owner, the `postgres` user). */
async function appendConfig(file: string, lines: string[]): Promise<void> {
  await appendFile(file, `\n# Vitrine's cluster tests\n${lines.join('\n')}\n`);
}
