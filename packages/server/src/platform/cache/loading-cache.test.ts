import { describe, expect, it } from 'vitest';
import { LoadingCache } from './loading-cache.js';

/** A load that counts its calls and answers `value` (or the call number). */
function reader<V>(value?: (call: number) => V) {
  const response = {
    calls: 0,
    read: async () => {
      response.calls++;
      return value ? value(response.calls) : (response.calls as V);
    },
  };
  return response;
}

/** A load that answers only when released, for a change that lands while it is on its way; counts its calls. */
function held<V>(value: V) {
  let release!: () => void;
  const answered = new Promise<V>((resolve) => {
    release = () => resolve(value);
  });
  const load = {
    calls: 0,
    read: () => {
      load.calls++;
      return answered;
    },
    release: () => release(),
  };
  return load;
}

const TTL = 1000;

describe('LoadingCache', () => {
  it('reads a value once for a crowd asking at the same time', async () => {
    const cache = new LoadingCache<string>({ max: 10 });
    const load = held('old');
    const crowd = Promise.all([cache.get('k', load.read), cache.get('k', load.read), cache.get('k', load.read)]);
    load.release();
    expect(await crowd).toEqual(['old', 'old', 'old']);
    expect(load.calls).toBe(1);
  });

  it('getOrLoad() answers a value in memory itself, not a promise, and a promise of the load on a miss (#23)', async () => {
    const cache = new LoadingCache<string>({ max: 10 });
    const load = reader(() => 'loaded');
    const miss = cache.getOrLoad('k', load.read);
    expect(miss).toBeInstanceOf(Promise);
    expect(await miss).toBe('loaded');
    expect(cache.getOrLoad('k', load.read)).toBe('loaded');
    expect([load.calls, cache.counts]).toEqual([1, { hits: 1, misses: 1 }]);
  });

  it('getOrLoad() joins a load under way instead of starting another', async () => {
    const cache = new LoadingCache<string>({ max: 10 });
    const load = held('old');
    const first = cache.getOrLoad('k', load.read);
    const second = cache.getOrLoad('k', load.read);
    load.release();
    expect(await Promise.all([first, second])).toEqual(['old', 'old']);
    expect(load.calls).toBe(1);
  });

  it('keeps nothing for a load that failed, and passes the failure on', async () => {
    const cache = new LoadingCache<string>({ max: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect(await cache.get('k', async () => 'found')).toBe('found');
  });

  it.each([
    ['its key', 'k'],
    ['another key (the epoch)', 'other'],
  ])('does not keep a value whose load overlapped a change of %s', async (_what, changed) => {
    const cache = new LoadingCache<string>({ max: 10 });
    const before = held('old');
    const reading = cache.get('k', before.read);
    cache.forget(changed);
    before.release();
    expect(await reading).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('does not let a request made after a change join a load begun before it', async () => {
    const cache = new LoadingCache<string>({ max: 10 });
    const before = held('old');
    const reading = cache.get('k', before.read);
    cache.forgetAll();
    expect(await cache.get('k', async () => 'new')).toBe('new');
    before.release();
    expect(await reading).toBe('old');
    expect(await cache.get('k', async () => 'unused')).toBe('new');
  });

  it('keeps what a keeper was handed unless a change came after the keeper was made', () => {
    const cache = new LoadingCache<string>({ max: 10 });
    const keep = cache.keeperSinceNow();
    keep('a', 'kept');
    const late = cache.keeperSinceNow();
    cache.forget('b');
    late('b', 'read before the change');
    expect([cache.peek('a'), cache.peek('b')]).toEqual(['kept', undefined]);
  });

  it('answers the remembered value until it is ttl old, then reads again', async () => {
    let now = 1_000;
    const cache = new LoadingCache<number>({ max: 10, ttl: TTL, now: () => now });
    const response = reader<number>();
    expect(await cache.get('k', response.read)).toBe(1);
    now += TTL - 1;
    expect(await cache.get('k', response.read)).toBe(1);
    now += 1;
    expect(await cache.get('k', response.read)).toBe(2);
    expect(response.calls).toBe(2);
  });

  it('dates a value from when its load started, not when it ended', async () => {
    let now = 1_000;
    const cache = new LoadingCache<string>({ max: 10, ttl: TTL, now: () => now });
    const slow = held('old');
    const pending = cache.get('k', slow.read);
    now += TTL / 2;
    slow.release();
    expect(await pending).toBe('old');
    now += TTL / 2;
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('keeps nothing whose load took longer than the ttl', async () => {
    let now = 1_000;
    const cache = new LoadingCache<string>({ max: 10, ttl: TTL, now: () => now });
    const slow = held('old');
    const pending = cache.get('k', slow.read);
    now += TTL;
    slow.release();
    expect(await pending).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('reads every key again at once after forgetAll()', async () => {
    const cache = new LoadingCache<number>({ max: 10 });
    const response = reader<number>();
    await cache.get('FR', response.read);
    await cache.get('US', response.read);
    cache.forgetAll();
    expect(await cache.get('FR', response.read)).toBe(3);
    expect(await cache.get('US', response.read)).toBe(4);
  });

  it('forgetAllAfter() forgets once the write is done, and what was read while it ran', async () => {
    const cache = new LoadingCache<string>({ max: 10 });
    await cache.get('k', async () => 'old');
    let commit!: () => void;
    const write = cache.forgetAllAfter(
      new Promise<number>((resolve) => {
        commit = () => resolve(7);
      }),
    );
    expect(await cache.get('k', async () => 'unused')).toBe('old');
    const during = held('read while writing');
    const pending = cache.get('j', during.read);
    commit();
    expect(await write).toBe(7);
    during.release();
    expect(await pending).toBe('read while writing');
    expect(await cache.get('k', async () => 'new k')).toBe('new k');
    expect(await cache.get('j', async () => 'new j')).toBe('new j');
  });

  it('forgetAllAfter() forgets when the write fails too, and passes the failure on', async () => {
    const cache = new LoadingCache<string>({ max: 10 });
    await cache.get('k', async () => 'old');
    await expect(cache.forgetAllAfter(Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('holds at most max entries, dropping the least recently used', async () => {
    const cache = new LoadingCache<string>({ max: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
    const response = reader((call) => `again ${call}`);
    expect(await cache.get('b', response.read)).toBe('b');
    expect(await cache.get('a', response.read)).toBe('again 1');
    expect(cache.size).toBe(3);
  });

  it('holds at most maxBytes, and never a value larger than that', async () => {
    const cache = new LoadingCache<Buffer>({ max: 100, maxBytes: 10, sizeOf: (bytes) => bytes.length });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => Buffer.alloc(4));
    expect([cache.peek('a'), cache.size]).toEqual([undefined, 2]);
    await cache.get('big', async () => Buffer.alloc(11));
    expect([cache.peek('big'), cache.size]).toEqual([undefined, 2]);
  });
});
