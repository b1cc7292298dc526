import { describe, expect, it } from 'vitest';
import { walPosition } from './replica-reads.js';

describe('walPosition (#23)', () => {
  it.each([
    ['0/0', 0n],
    ['0/3000148', 0x3000148n],
    ['16/B374D848', (0x16n << 32n) + 0xb374d848n],
    [null, 0n],
  ])('reads %s as %s', (lsn, position) => {
    expect(walPosition(lsn)).toBe(position);
  });

  it('orders positions across the high word as PostgreSQL does', () => {
    expect(walPosition('1/0') > walPosition('0/FFFFFFFF')).toBe(true);
    expect(walPosition('0/A0') > walPosition('0/9F')).toBe(true);
  });
});
