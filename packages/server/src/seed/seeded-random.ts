/**
 * mulberry32: a small, fast, seeded generator of numbers uniform in [0, 1), the same sequence for the
 * same seed. `vitrine seed --generate` makes the same catalogue with it on every run; the benchmarks
 * (bench/support/prng.mjs) use it too, so they measure the same data and ask the same things.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
