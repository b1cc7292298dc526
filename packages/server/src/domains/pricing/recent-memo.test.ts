import { describe, expect, it } from 'vitest';
import { MAX_AGE_MS, MAX_KEYS, RecentMemo } from './recent-memo.js';

/** A read that counts its calls and answers `value` (or the call number). */
function reader<V>(value?: (n: number) => V) {
  const r = {
    calls: 0,
    read: async () => {
      r.calls++;
      return value ? value(r.calls) : (r.calls as V);
    },
  };
  return r;
}

/** A read that answers only when released, for a change that lands while it is on its way. */
function held<V>(value: V) {
  let release!: () => void;
  const answered = new Promise<V>((resolve) => {
    release = () => resolve(value);
  });
  return { read: () => answered, release: () => release() };
}

describe('RecentMemo', () => {
  it('answers the remembered value until it is MAX_AGE_MS old, then reads again', async () => {
    let now = 1_000;
    const memo = new RecentMemo<number>(() => now);
    const r = reader<number>();
    expect(await memo.get('k', r.read)).toBe(1);
    now += MAX_AGE_MS - 1;
    expect(await memo.get('k', r.read)).toBe(1);
    now += 1;
    expect(await memo.get('k', r.read)).toBe(2);
    expect(r.calls).toBe(2);
  });

  it('dates a value from when its read started, not when it ended', async () => {
    let now = 0;
    const memo = new RecentMemo<string>(() => now);
    const slow = held('old');
    const pending = memo.get('k', slow.read);
    now = MAX_AGE_MS;
    slow.release();
    expect(await pending).toBe('old');
    expect(await memo.get('k', async () => 'new')).toBe('new');
  });

  it('remembers each key on its own', async () => {
    const memo = new RecentMemo<string>(() => 0);
    const r = reader((n) => `read ${n}`);
    expect(await memo.get('FR', r.read)).toBe('read 1');
    expect(await memo.get('US', r.read)).toBe('read 2');
    expect(await memo.get('FR', r.read)).toBe('read 1');
    expect(r.calls).toBe(2);
  });

  it('reads every key again at once after forget()', async () => {
    const memo = new RecentMemo<number>(() => 0);
    const r = reader<number>();
    await memo.get('FR', r.read);
    await memo.get('US', r.read);
    memo.forget();
    expect(await memo.get('FR', r.read)).toBe(3);
    expect(await memo.get('US', r.read)).toBe(4);
  });

  it('does not remember a read that started before a change', async () => {
    const memo = new RecentMemo<string>(() => 0);
    const slow = held('before the change');
    const pending = memo.get('k', slow.read);
    memo.forget();
    slow.release();
    expect(await pending).toBe('before the change');
    expect(await memo.get('k', async () => 'after the change')).toBe('after the change');
  });

  it('forgetAfter() forgets once the write is done, and what was read while it ran', async () => {
    const memo = new RecentMemo<string>(() => 0);
    await memo.get('k', async () => 'old');
    let commit!: () => void;
    const write = memo.forgetAfter(
      new Promise<number>((resolve) => {
        commit = () => resolve(7);
      }),
    );
    expect(await memo.get('k', async () => 'unused')).toBe('old');
    const during = held('read while writing');
    const pending = memo.get('j', during.read);
    commit();
    expect(await write).toBe(7);
    during.release();
    expect(await pending).toBe('read while writing');
    expect(await memo.get('k', async () => 'new k')).toBe('new k');
    expect(await memo.get('j', async () => 'new j')).toBe('new j');
  });

  it('forgetAfter() forgets when the write fails too, and passes the failure on', async () => {
    const memo = new RecentMemo<string>(() => 0);
    await memo.get('k', async () => 'old');
    await expect(memo.forgetAfter(Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await memo.get('k', async () => 'new')).toBe('new');
  });

  it('holds at most maxKeys, dropping the one read longest ago', async () => {
    const memo = new RecentMemo<string>(() => 0, 3);
    for (const k of ['a', 'b', 'c', 'd']) await memo.get(k, async () => k);
    expect(memo.size).toBe(3);
    const r = reader((n) => `again ${n}`);
    expect(await memo.get('b', r.read)).toBe('b');
    expect(await memo.get('a', r.read)).toBe('again 1');
    expect(memo.size).toBe(3);
  });

  it(`holds at most MAX_KEYS (${MAX_KEYS}) by default, whatever keys come`, async () => {
    const memo = new RecentMemo<number>(() => 0);
    for (let i = 0; i < MAX_KEYS + 500; i++) await memo.get(`key ${i}`, async () => i);
    expect(memo.size).toBe(MAX_KEYS);
    expect(await memo.get(`key ${MAX_KEYS + 499}`, async () => -1)).toBe(MAX_KEYS + 499);
    expect(await memo.get('key 0', async () => -1)).toBe(-1);
  });
});
