// The seeded generator `vitrine seed --generate` uses (the built server's), shared by the benchmarks so
// that every run measures the same data and asks the same things.

const { seededRandom } = await import(new URL('../../packages/server/dist/seed/seeded-random.js', import.meta.url).href);

/** mulberry32: numbers uniform in [0, 1), the same sequence for the same seed. */
export const prng = seededRandom;
