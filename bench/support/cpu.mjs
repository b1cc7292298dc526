// CPU time spent by the parts of a benchmark during one phase, from Linux's /proc: the server process,
// PostgreSQL's processes (every process named "postgres": the backends and the background writers),
// this process (autocannon runs in it) and the whole machine's idle time. Elsewhere than Linux the
// numbers are absent and the tables show "–".
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process in ms, and its name; undefined when it is gone. */
function processCpu(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the name is in parentheses and may hold spaces: the fields after it are space-separated
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[11] and fields[12] are utime and stime (fields 14 and 15 of proc(5))
    return { name, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/** The CPU counters now (ms), or undefined without /proc. */
export function cpuSnapshot(serverPid) {
  let line;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  } catch {
    return undefined;
  }
  // cpu user nice system idle iowait irq softirq steal ...
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const toMs = (count) => (count * 1000) / TICKS_PER_SECOND;
  // per process: one that ends during the phase takes its CPU with it, so phases compare the same processes
  const postgres = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const usage = processCpu(entry);
    if (usage?.name === 'postgres') postgres.set(entry, usage.ms);
  }
  const self = process.cpuUsage();
  return {
    machineMs: toMs(ticks.reduce((total, tick) => total + tick, 0)),
    idleMs: toMs((ticks[3] ?? 0) + (ticks[4] ?? 0)),
    serverMs: processCpu(serverPid)?.ms ?? Number.NaN,
    postgresMs: postgres,
    loadMs: (self.user + self.system) / 1000,
  };
}

/**
 * What a phase cost between two snapshots: CPU ms per request of the server, PostgreSQL and the load
 * generator, and the share of the machine's CPU left idle.
 */
export function cpuPerRequest(before, after, requests) {
  if (!before || !after || !(requests > 0)) return undefined;
  return {
    serverMs: (after.serverMs - before.serverMs) / requests,
    // processes started during the phase count from zero; those that ended are not seen after it
    postgresMs:
      [...after.postgresMs].reduce((sum, [pid, milliseconds]) => sum + milliseconds - (before.postgresMs.get(pid) ?? 0), 0) / requests,
    loadMs: (after.loadMs - before.loadMs) / requests,
    idleShare: (after.idleMs - before.idleMs) / (after.machineMs - before.machineMs),
  };
}
