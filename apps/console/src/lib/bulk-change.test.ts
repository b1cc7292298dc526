import { describe, expect, it } from 'vitest';
import { type BulkDraft, bulkBody, nextValue, readBulkDraft } from './bulk-change.js';

const draft = (changes: Partial<BulkDraft>): BulkDraft => ({ field: 'price', mode: 'percent', value: '10', ...changes });

describe('a bulk change', () => {
  it.each([
    // +10 % of 19.99 is 1.999, rounded to 2.00
    ['USD', 19.99, '10', 21.99],
    // −10 % of 0.05 is −0.005: half away from zero, −0.01
    ['USD', 0.05, '-10', 0.04],
    ['USD', 24.5, '12.5', 27.56],
    ['JPY', 1999, '10', 2199],
    ['KWD', 1.005, '10', 1.106],
  ])('adjusts a %s price of %s by %s %% as the server does', (currency, current, typed, expected) => {
    const bulk = draft({ value: typed });
    const read = readBulkDraft(bulk, currency);
    expect(read.ok).toBe(true);
    if (read.ok) expect(nextValue(current, bulk, read.amount, currency)).toBe(expected);
  });

  it('adds an amount, and sets a value even where there was none', () => {
    const add = draft({ mode: 'amount', value: '-2.50' });
    const read = readBulkDraft(add, 'USD');
    expect(read).toEqual({ ok: true, amount: -2.5, negative: true });
    expect(nextValue(10, add, -2.5, 'USD')).toBe(7.5);
    expect(nextValue(undefined, add, -2.5, 'USD')).toBeUndefined();
    expect(nextValue(undefined, draft({ field: 'cost', mode: 'set', value: '3' }), 3, 'USD')).toBe(3);
  });

  it.each([
    ['adds to 1.005 (a float below 1.005)', 1.005, draft({ mode: 'amount', value: '1' }), 1, 2.01],
    ['takes 50 % of 1.005', 1.005, draft({ value: '50' }), 50, 1.52],
    ['adds to 0.1 + 0.2 (a float above 0.3)', 0.1 + 0.2, draft({ mode: 'amount', value: '0.1' }), 0.1, 0.4],
    ['adds 10 % to 0.1 + 0.2', 0.1 + 0.2, draft({ value: '10' }), 10, 0.33],
  ])('rounds as the server does where floats go wrong: %s (#21)', (_name, current, bulk, amount, expected) => {
    expect(nextValue(current, bulk, amount, 'USD')).toBe(expected);
  });

  it('adjusts weights in grams', () => {
    expect(nextValue(0.3335, draft({ field: 'weight', value: '10' }), 10, 'USD')).toBe(0.367);
  });

  it.each([
    [draft({ value: '' }), 'Type the value.'],
    [draft({ value: 'ten' }), 'Type a number with at most 2 decimals.'],
    [draft({ mode: 'set', value: '-1' }), 'A price, cost or weight cannot be negative.'],
    [draft({ value: '-150' }), 'A value cannot fall by more than 100 %.'],
    [draft({ mode: 'amount', value: '0' }), 'A change of zero changes nothing.'],
  ])('refuses %j', (bulk, problem) => {
    expect(readBulkDraft(bulk, 'USD')).toEqual({ ok: false, problem });
  });

  it('becomes the body of the set or adjust call', () => {
    expect(bulkBody(draft({ mode: 'set', field: 'cost' }), 4)).toEqual({ set: { cost: 4 } });
    expect(bulkBody(draft({ mode: 'amount' }), -1)).toEqual({ adjust: { price: { amount: -1 } } });
    expect(bulkBody(draft({ field: 'weight' }), 10)).toEqual({ adjust: { weight: { percentage: 10 } } });
  });
});
