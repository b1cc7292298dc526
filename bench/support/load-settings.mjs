// What every load benchmark reads from the environment and reports of an autocannon run, written once.

/**
 * How long and how hard a closed-loop run drives the server: BENCH_DURATION and BENCH_WARMUP in seconds,
 * BENCH_CONNECTIONS concurrent connections; `defaults` are each benchmark's own.
 */
export function loadSettingsFromEnv(env, defaults) {
  return {
    duration: Number(env.BENCH_DURATION ?? defaults.duration),
    connections: Number(env.BENCH_CONNECTIONS ?? defaults.connections),
    warmup: Number(env.BENCH_WARMUP ?? defaults.warmup),
  };
}

/** A comma-separated setting as trimmed words, `fallback` when the variable is unset. */
export function listFromEnv(env, name, fallback) {
  return (env[name] ?? fallback).split(',').map((word) => word.trim());
}

/** The figures a benchmark keeps of an autocannon result. */
export function loadFigures(result, connections) {
  return {
    rps: result.requests.average,
    // Closed loop: every connection has one request in flight, so mean latency = connections ÷ throughput.
    mean: (connections / result.requests.average) * 1000,
    p50: result.latency.p50,
    p99: result.latency.p99,
    avg: result.latency.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}
