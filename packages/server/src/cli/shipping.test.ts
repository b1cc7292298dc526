import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';

describe('vitrine shipping', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], data.env);
    await vitrine(['shipping', 'add-region', '--name', 'Home', '--countries', 'US'], data.env);
  });
  afterAll(() => data?.remove());

  const run = (...argv: string[]) => vitrine(['shipping', ...argv], data.env);

  it('shipping add-region prints the region and its places', async () => {
    const result = await run(
      'add-region',
      '--name',
      'Remote states',
      '--countries',
      'US',
      '--subdivisions',
      'US-AK,US-HI',
      '--position',
      '2',
    );
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^region 'Remote states' created \(id [0-9a-f-]{36}\): US: US-AK, US-HI$/);
    const world = await run('add-region', '--name', 'World', '--countries', '*');
    expect(world.out).toMatch(/: rest of the world$/);
  });

  it.each([
    [['--name', 'X', '--countries', 'US,us'], "--countries 'us' must be an ISO 3166-1 alpha-2 country code"],
    [['--name', 'X', '--countries', '*,FR'], "--countries '*,FR' '*' (rest of the world) must be the only entry"],
    [
      ['--name', 'X', '--countries', 'US', '--subdivisions', 'CA-ON'],
      "--subdivisions 'CA-ON' must be a subdivision of one of the region's countries",
    ],
    [['--name', 'X'], 'missing --countries'],
  ])('shipping add-region %j exits 2 naming the flag', async (args, message) => {
    const result = await run('add-region', ...args);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toContain(`vitrine shipping add-region: ${message}`);
  });

  it('shipping add-option adds flat, weight-based and pickup options to a region named by name', async () => {
    const flat = await run(
      'add-option',
      '--region',
      'Home',
      '--code',
      'std',
      '--title',
      'Standard',
      '--kind',
      'flat',
      '--price',
      '5',
      '--free-above',
      '75',
    );
    expect(flat.out).toMatch(/^option std created \(id [0-9a-f-]{36}\): FLAT 5.00, free above 75.00$/);
    const weight = await run(
      'add-option',
      '--region',
      'Home',
      '--code',
      'exp',
      '--title',
      'Express',
      '--kind',
      'WEIGHT',
      '--tier',
      '1:12',
      '--tier',
      '5:20',
      '--price',
      '35',
      '--position',
      '1',
    );
    expect(weight.out).toMatch(/: WEIGHT up to 1: 12.00, up to 5: 20.00, above: 35.00$/);
    const pickup = await run(
      'add-option',
      '--region',
      'Home',
      '--code',
      'pick',
      '--title',
      'Store pickup',
      '--kind',
      'PICKUP',
      '--pickup-method',
      'store_pickup',
      '--pickup-address',
      '1 Main St',
      '--pickup-city',
      'Springfield',
      '--slot',
      '2030-01-01T10:00:00Z/2030-01-01T12:00:00Z',
      '--position',
      '2',
    );
    expect(pickup.out).toMatch(/: PICKUP 0.00, at 1 Main St, Springfield, 1 time slot$/);
    const list = await run('list');
    expect(list.out).toMatch(
      /^Home \(US\) {2}id [0-9a-f-]{36}\n {2}std +Standard +FLAT 5.00, free above 75.00 +active\n {2}exp +Express +WEIGHT/,
    );
    expect(list.out).toContain('Remote states (US: US-AK, US-HI)');
  });

  it.each([
    [['--tier', '2:5', '--tier', '1:7'], "--tier '1:7' must be greater than the previous tier's (tiers ascend)"],
    [['--tier', '2'], "--tier '2' must be <upTo>:<price>"],
    [['--slot', '2030-01-01T10:00:00Z'], "--slot '2030-01-01T10:00:00Z' must be <from>/<to>"],
    [['--price', '5.555'], "--price '5.555' must have at most 2 decimals (USD)"],
  ])('shipping add-option %j exits 2 naming the flag', async (args, message) => {
    const result = await run('add-option', '--region', 'Home', '--code', 'bad', '--title', 'Bad', '--kind', 'WEIGHT', ...args);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toContain(`vitrine shipping add-option: ${message}`);
  });

  it('shipping add-option fails for an unknown region or a taken code (exit 1)', async () => {
    const noRegion = await run('add-option', '--region', 'Atlantis', '--code', 'x', '--title', 'X', '--kind', 'FLAT');
    expect([noRegion.code, noRegion.err]).toEqual([1, "vitrine: No shipping region has this id or name ('Atlantis')"]);
    await run('add-option', '--region', 'Home', '--code', 'dup', '--title', 'X', '--kind', 'FLAT');
    const dup = await run('add-option', '--region', 'Home', '--code', 'dup', '--title', 'X', '--kind', 'FLAT');
    expect([dup.code, dup.err]).toEqual([1, "vitrine: Another shipping option already has this code ('dup')"]);
  });
});
