// How much memory a running server process holds, read from outside (Linux /proc) and from its /metrics.
import { readFile } from 'node:fs/promises';

const MIB = 2 ** 20;
/** The smallest WebAssembly memory PGlite asks for (2048 pages of 64 KiB): no other anonymous mapping is this large. */
const WASM_MEMORY_MIN_BYTES = 128 * MIB;

/** One /proc/<pid>/smaps mapping: its address range, size, resident bytes and what it maps. */
function* mappings(smaps) {
  let current;
  for (const line of smaps.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      if (current) yield current;
      current = { size: Number(BigInt(`0x${head[2]}`) - BigInt(`0x${head[1]}`)), perms: head[3], path: head[4], rss: 0 };
    } else if (current && line.startsWith('Rss:')) {
      current.rss = Number(line.split(/\s+/)[1]) * 1024;
    }
  }
  if (current) yield current;
}

/**
 * The process's resident memory in parts (bytes): `wasm` is PGlite's WebAssembly memory (the one
 * anonymous read-write mapping of 128 MiB or more), `code` the node binary and shared libraries.
 */
async function residentParts(pid) {
  const parts = { rss: 0, wasm: 0, code: 0 };
  for (const mapping of mappings(await readFile(`/proc/${pid}/smaps`, 'utf8'))) {
    parts.rss += mapping.rss;
    if (mapping.path.startsWith('/')) parts.code += mapping.rss;
    else if (!mapping.path && mapping.perms.startsWith('rw') && mapping.size >= WASM_MEMORY_MIN_BYTES) parts.wasm += mapping.rss;
  }
  return parts;
}

/** A gauge's value from Prometheus text (the first sample of that name). */
function gauge(text, name) {
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : Number.NaN;
}

/**
 * The memory of server process `pid` now: resident parts from /proc, V8's heap and the external memory
 * from its /metrics (read after /proc, so the scrape's own allocations do not count in the RSS).
 */
export async function memoryOf(pid, base) {
  const resident = await residentParts(pid);
  const metrics = await (await fetch(`${base}/metrics`)).text();
  const heapTotal = gauge(metrics, 'nodejs_heap_size_total_bytes');
  const heapUsed = gauge(metrics, 'nodejs_heap_size_used_bytes');
  const external = gauge(metrics, 'nodejs_external_memory_bytes');
  const mib = (bytes) => Math.round(bytes / MIB);
  return {
    rss: mib(resident.rss),
    wasm: mib(resident.wasm),
    code: mib(resident.code),
    heapUsed: mib(heapUsed),
    heapTotal: mib(heapTotal),
    external: mib(external),
    // what no part above names: malloc arenas (compilers, libuv, OpenSSL), V8's code space, stacks
    other: mib(resident.rss - resident.wasm - resident.code - heapTotal),
  };
}
