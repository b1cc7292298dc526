import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';

let data: Awaited<ReturnType<typeof tempDataDir>>;
beforeAll(async () => {
  data = await tempDataDir();
});
afterAll(() => data?.remove());

describe('vitrine seed', () => {
  it('registers the demo client and says how to seed a catalogue', async () => {
    const result = await vitrine(['seed'], data.env);
    expect(result.code).toBe(0);
    expect(result.out).toContain("OAuth client 'demo' (Vitrine demo shop) registered");
    expect(result.out).toContain('No catalogue seeded: add --demo for the demo catalogue or --generate <n> for scale data.');
  });

  it('generates products with --generate, with progress on stderr and the time taken', async () => {
    const result = await vitrine(['seed', '--generate', '30', '--collections', '2'], data.env);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /Generated 30 products \(\d+ variants\) in 2 collections in \d+\.\d s \(\d+ products\/s\); slugs end in -\w{6}-<n>/,
    );
    expect(result.err).toContain('generating products: 30/30 (100%)');
  });

  it('seeds the demo catalogue with --demo, and nothing more the second time', async () => {
    const first = await vitrine(['seed', '--demo'], data.env);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/Demo catalogue: 60 products and 8 collections created, \d+ pictures drawn/);
    const again = await vitrine(['seed', '--demo'], data.env);
    expect(again.out).toContain(
      'Demo catalogue: 0 products and 0 collections created (60 products already there, left as they are), 0 pictures drawn',
    );
  }, 120_000);

  it.each([
    [['--generate', 'many'], '--generate must be a whole number from 1 to 10000000'],
    [['--generate', '0'], '--generate must be a whole number from 1 to 10000000'],
    [['--generate', '5', '--collections', 'x'], '--collections must be a whole number from 0 to 10000'],
    [['--collections', '3'], '--collections goes with --generate'],
  ])('exits 2 for %j', async (args, message) => {
    const result = await vitrine(['seed', ...args], data.env);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe(`vitrine seed: ${message}`);
  });
});
