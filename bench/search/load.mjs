// bench/search: a closed-loop load with exact percentiles. `connections` loops each send one request
// at a time for `duration` seconds, each taking the next path of the list (so, with more paths than
// requests, no request repeats one: nothing is answered from a cache). Latency is measured per
// request with performance.now(), so p95 is exact (autocannon reports p90 and p97.5 only).

/** Runs the loop; answers req/s, p50/p95/p99 in ms, how many requests, and the failures with their first answer. */
export async function closedLoop(base, paths, { connections, duration, headers = {} }) {
  const times = [];
  let failures = 0;
  let firstFailure;
  let i = 0;
  const end = performance.now() + duration * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const path = paths[i++ % paths.length];
      const startedAt = performance.now();
      const response = await fetch(base + path, { headers });
      const body = await response.text();
      times.push(performance.now() - startedAt);
      if (!response.ok) {
        failures++;
        firstFailure ??= `${response.status} ${path.slice(0, 120)}: ${body.slice(0, 200)}`;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((left, right) => left - right);
  const at = (quantile) => times[Math.min(times.length - 1, Math.floor(quantile * times.length))] ?? Number.NaN;
  return { rps: times.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), requests: times.length, failures, firstFailure };
}
