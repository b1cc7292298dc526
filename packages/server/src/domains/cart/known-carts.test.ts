import { describe, expect, it } from 'vitest';
import { KnownCarts } from './known-carts.js';
import type { CartRow, LineRow } from './store.js';

const cart = (id: string, revision = 1) => ({ id, revision }) as CartRow;
const line = (id: string, quantity = 1) => ({ id, quantity }) as LineRow;

describe('KnownCarts', () => {
  it('answers the cart last remembered for an owner, frozen, and forgets it on demand', () => {
    const known = new KnownCarts();
    known.remember('visitor:a', cart('c1'), [line('l1')]);
    known.remember('visitor:a', cart('c1', 2), [line('l1', 3)]);
    const got = known.get('visitor:a');
    expect(got).toEqual({ cart: cart('c1', 2), lines: [line('l1', 3)] });
    expect(Object.isFrozen(got?.cart) && Object.isFrozen(got?.lines) && Object.isFrozen(got?.lines[0])).toBe(true);
    expect(known.get('visitor:b')).toBeUndefined();
    known.forget('visitor:a');
    expect(known.get('visitor:a')).toBeUndefined();
  });

  it('keeps its own copies: later changes to the rows given do not show', () => {
    const known = new KnownCarts();
    const rows = [line('l1')];
    known.remember('visitor:a', cart('c1'), rows);
    (rows[0] as LineRow).quantity = 99;
    rows.push(line('l2'));
    expect(known.get('visitor:a')?.lines).toEqual([line('l1')]);
  });

  it('drops the least recently used beyond its bound', () => {
    const known = new KnownCarts(2);
    known.remember('a', cart('1'), []);
    known.remember('b', cart('2'), []);
    known.get('a');
    known.remember('c', cart('3'), []);
    expect([known.get('a')?.cart.id, known.get('b'), known.get('c')?.cart.id]).toEqual(['1', undefined, '3']);
    expect(known.size).toBe(2);
  });

  it('does not keep carts of more than 100 lines, and forgets what it had for them', () => {
    const known = new KnownCarts();
    known.remember('a', cart('1'), [line('l1')]);
    known.remember(
      'a',
      cart('1', 2),
      Array.from({ length: 101 }, (_, i) => line(`l${i}`)),
    );
    expect(known.get('a')).toBeUndefined();
  });
});
