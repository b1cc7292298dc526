import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';

describe('vitrine tax', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], data.env);
  });
  afterAll(() => data?.remove());

  const run = (...argv: string[]) => vitrine(['tax', ...argv], data.env);

  it('tax set adds a rate whose type comes from the most precise place given', async () => {
    const state = await run('set', '--country', 'US', '--subdivision', 'US-NY', '--rate', '0.04', '--name', 'New York State');
    expect(state.code).toBe(0);
    expect(state.out).toMatch(/^tax rate 'New York State' added: STATE US-NY 4 % \(id [0-9a-f-]{36}\)$/);
    const city = await run('set', '--country', 'US', '--subdivision', 'US-NY', '--city', 'New York', '--rate', '0.045');
    expect(city.out).toMatch(/^tax rate 'New York' added: CITY New York \(US-NY\) 4.5 % /);
    const special = await run(
      'set',
      '--country',
      'US',
      '--subdivision',
      'US-NY',
      '--postal-codes',
      '10001,10002',
      '--rate',
      '0.00375',
      '--name',
      'MCTD',
    );
    expect(special.out).toMatch(/added: SPECIAL US-NY 0.375 % at 10001, 10002 /);
    const country = await run('set', '--country', 'DE', '--rate', '0.19', '--exempt-shipping');
    expect(country.out).toMatch(/^tax rate 'DE' added: COUNTRY DE 19 % /);
  });

  it('tax set changes the settings: tax included in prices, the mode, shipping taxed', async () => {
    const result = await run('set', '--included', '--mode', 'auto', '--tax-shipping', 'no');
    expect(result.out).toBe(
      'tax settings: prices include tax, mode AUTO (no provider built in: manual rates as fallback), shipping not taxed',
    );
    const back = await run('set', '--excluded', '--mode', 'MANUAL', '--tax-shipping', 'yes');
    expect(back.out).toBe('tax settings: tax is added to prices, mode MANUAL, shipping taxed');
  });

  it('tax list shows the settings and the rates; --country narrows', async () => {
    const result = await run('list', '--country', 'DE');
    expect(result.out.split('\n')).toEqual([
      'tax settings: tax is added to prices, mode MANUAL, shipping taxed',
      expect.stringMatching(/^DE {2}COUNTRY DE 19 % {2}not on shipping {2}[0-9a-f-]{36}$/),
    ]);
    expect((await run('list')).out).toContain('New York State');
  });

  it.each([
    [['--country', 'US', '--subdivision', 'US-NY', '--rate', '4%'], "--rate '4%' must be a fraction from 0 to 1"],
    [['--country', 'USA', '--rate', '0.1'], "--country 'USA' must be an ISO 3166-1 alpha-2 country code"],
    [['--country', 'US', '--subdivision', 'CA-ON', '--rate', '0.1'], "--subdivision 'CA-ON' must be a subdivision of US"],
    [['--country', 'US', '--county', 'Kings', '--rate', '0.1'], '--subdivision is required for COUNTY rates'],
    [['--country', 'US', '--type', 'PROVINCE', '--rate', '0.1'], "--type 'PROVINCE' must be one of COUNTRY, STATE, COUNTY, CITY, SPECIAL"],
    [['--country', 'US'], 'missing --rate'],
    [[], 'nothing to set'],
    [['--included', '--excluded'], '--included and --excluded cannot be combined'],
    [['--mode', 'sometimes'], "--mode 'sometimes' must be one of MANUAL, AUTO, NONE"],
    [['--tax-shipping', 'maybe'], "--tax-shipping 'maybe' must be yes or no"],
  ])('tax set %j exits 2 with a clear message', async (args, message) => {
    const result = await run('set', ...args);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toContain(`vitrine tax set: ${message}`);
  });

  it('tax list refuses a malformed --country', async () => {
    const result = await run('list', '--country', 'usa');
    expect(result.code).toBe(2);
  });
});
