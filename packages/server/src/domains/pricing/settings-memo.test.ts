import { describe, expect, it } from 'vitest';
import { MAX_AGE_MS, SettingsMemo } from './settings-memo.js';
import type { SettingsRow } from './store.js';

const row = (taxIncluded: boolean) => ({ tax_included_in_prices: taxIncluded }) as SettingsRow;

describe('SettingsMemo', () => {
  it('answers the remembered row until it is MAX_AGE_MS old, then reads again', async () => {
    let now = 1_000;
    let reads = 0;
    const memo = new SettingsMemo(() => now);
    const read = async () => row(++reads % 2 === 0);
    expect((await memo.get(read)).tax_included_in_prices).toBe(false);
    now += MAX_AGE_MS - 1;
    await memo.get(read);
    expect(reads).toBe(1);
    now += 1;
    expect((await memo.get(read)).tax_included_in_prices).toBe(true);
    expect(reads).toBe(2);
  });

  it('reads again at once after forget()', async () => {
    let reads = 0;
    const memo = new SettingsMemo(() => 0);
    const read = async () => row(++reads > 1);
    await memo.get(read);
    memo.forget();
    expect((await memo.get(read)).tax_included_in_prices).toBe(true);
    expect(reads).toBe(2);
  });

  it('does not remember a read that started before a change', async () => {
    let reads = 0;
    const memo = new SettingsMemo(() => 0);
    let release!: () => void;
    const slow = () =>
      new Promise<SettingsRow>((resolve) => {
        reads++;
        release = () => resolve(row(false));
      });
    const pending = memo.get(slow);
    memo.forget();
    release();
    expect((await pending).tax_included_in_prices).toBe(false);
    await memo.get(async () => {
      reads++;
      return row(true);
    });
    expect(reads).toBe(2);
  });
});
