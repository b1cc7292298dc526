import { describe, expect, it } from 'vitest';
import { jsonOnce, jsonReusing } from './json-once.js';

describe('jsonOnce / jsonReusing', () => {
  const cart = {
    id: 'c1',
    lineItems: [{ id: 'l1', quantity: 2, price: { amount: '5.00' } }],
    note: undefined,
    buyerNote: 'é "quoted" \u2028',
  };

  it('write exactly what JSON.stringify writes, for any value', () => {
    const values: unknown[] = [
      cart,
      { cart },
      {},
      { a: undefined, b: () => 1, c: null, d: [undefined, 1], e: new Date(0), 'odd "key"': 1 },
      [1, { a: 2 }],
      'text',
      42,
      null,
      new Date(0),
    ];
    for (const v of values) expect(jsonReusing(v)).toBe(JSON.stringify(v));
    expect(jsonOnce(cart)).toBe(JSON.stringify(cart));
  });

  it('take a member already made into text from there, not again', () => {
    const view = { id: 'c2', total: 1 };
    const text = jsonOnce(view);
    // a contract breach only to show the text is reused: the member's new state is not read again
    (view as { total: number }).total = 2;
    expect(jsonReusing({ cart: view })).toBe(`{"cart":${text}}`);
    expect(JSON.parse(jsonReusing({ cart: view, extra: { total: 3 } }))).toEqual({ cart: { id: 'c2', total: 1 }, extra: { total: 3 } });
    expect(jsonOnce(view)).toBe(text);
  });

  it('make objects not seen by jsonOnce into text afresh each time', () => {
    const view = { total: 1 };
    expect(jsonReusing({ cart: view })).toBe('{"cart":{"total":1}}');
    view.total = 2;
    expect(jsonReusing({ cart: view })).toBe('{"cart":{"total":2}}');
  });
});
