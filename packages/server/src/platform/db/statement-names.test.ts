import { describe, expect, it } from 'vitest';
import { StatementNames, statementName } from './statement-names.js';

const inList = (n: number) => `select * from t where id in (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')})`;

describe('StatementNames', () => {
  it('names a text the second time it is seen, under the same name after that', () => {
    const names = new StatementNames();
    const text = 'select * from carts where visitor_id = $1';
    expect(names.nameFor(text)).toBeUndefined();
    const second = names.nameFor(text);
    expect(second).toEqual({ name: statementName(text), text });
    expect(names.nameFor(text)).toBe(second);
  });

  it('derives the name from the text alone: same text, same short name; another text, another name', () => {
    const a = statementName('select 1 where $1::int > 0');
    expect(statementName('select 1 where $1::int > 0')).toBe(a);
    expect(statementName('select 2 where $1::int > 0')).not.toBe(a);
    expect(a).toMatch(/^v_[A-Za-z0-9_-]{20}$/);
  });

  it('names at most `limit` texts: beyond, repeated texts run unnamed', () => {
    const names = new StatementNames(3);
    for (let n = 1; n <= 10; n++) {
      names.nameFor(inList(n));
      names.nameFor(inList(n));
    }
    expect(names.size).toBe(3);
    expect(names.nameFor(inList(9))).toBeUndefined();
    expect(names.nameFor(inList(2))?.name).toBe(statementName(inList(2)));
  });

  it('remembers at most `limit` texts seen once, forgetting the oldest', () => {
    const names = new StatementNames(3);
    for (let n = 1; n <= 4; n++) names.nameFor(inList(n));
    // inList(1) was forgotten: seen again, it counts as a first sighting
    expect(names.nameFor(inList(1))).toBeUndefined();
    expect(names.nameFor(inList(4))?.name).toBe(statementName(inList(4)));
  });

  it('leaves very long texts unnamed (generated bulk statements)', () => {
    const names = new StatementNames();
    const text = inList(2000);
    names.nameFor(text);
    expect(names.nameFor(text)).toBeUndefined();
  });
});
