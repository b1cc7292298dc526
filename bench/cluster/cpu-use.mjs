// CPU time of groups of processes, from /proc (Linux): what a measurement cost each part of the cluster
// (web processes, PostgreSQL, nginx), so that throughput can be told apart from CPU shared between them.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second in /proc's counters (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * The parent pid, the process's own user + system ticks (fields 14 and 15 of /proc/<pid>/stat) and
 * those of its children it has waited for (16 and 17: a backend that exited is counted there by its
 * postmaster), or undefined when it is gone.
 */
function statOf(pid) {
  try {
    // the command name (field 2) may hold spaces: the fields after it start at the last ')'
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text
      .slice(text.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return { parent: fields[1], own: fields[11] + fields[12], reaped: fields[13] + fields[14] };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by each named group of processes, each given by its root pids: the roots,
 * their children alive now (PostgreSQL's backends, nginx's workers), and the children that exited.
 * Read twice, the difference is what the group used between (a child started or ended between counts).
 */
export function cpuSeconds(groups) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(entry);
    if (stat) children.set(stat.parent, (children.get(stat.parent) ?? 0) + stat.own);
  }
  const used = {};
  for (const [name, roots] of Object.entries(groups)) {
    const ticks = roots.reduce((sum, pid) => {
      const stat = statOf(pid);
      return stat ? sum + stat.own + stat.reaped + (children.get(pid) ?? 0) : sum;
    }, 0);
    used[name] = ticks / TICKS_PER_SECOND;
  }
  return used;
}

/** Each group's CPU milliseconds a request between two `cpuSeconds` readings. */
export function perRequest(before, after, requests) {
  const milliseconds = {};
  for (const name of Object.keys(after)) milliseconds[name] = requests > 0 ? ((after[name] - (before[name] ?? 0)) * 1000) / requests : 0;
  return milliseconds;
}
