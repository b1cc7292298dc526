import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { findActiveSigningKey } from '../domains/oauth/store.js';
import { openDatabase } from '../platform/db/database.js';

describe('vitrine keys', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], data.env);
  });
  afterAll(() => data.remove());

  async function activeKid(): Promise<string | undefined> {
    const handle = await openDatabase({ kind: 'pglite', dataDir: data.dir });
    try {
      return (await findActiveSigningKey(handle.db))?.kid;
    } finally {
      await handle.close();
    }
  }

  it('keys rotate makes a new key the active one and prints its kid', async () => {
    await vitrine(['keys', 'rotate'], data.env);
    const before = await activeKid();
    const result = await vitrine(['keys', 'rotate'], data.env);
    expect(result.code).toBe(0);
    const after = await activeKid();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(result.out).toBe(`new signing key ${after}`);
  });

  it('keys list marks the newest key active and the replaced one retired', async () => {
    const first = (await vitrine(['keys', 'rotate'], data.env)).out.split(' ').at(-1);
    const second = (await vitrine(['keys', 'rotate'], data.env)).out.split(' ').at(-1);
    const lines = (await vitrine(['keys', 'list'], data.env)).out.split('\n');
    expect(lines.find((line) => line.startsWith(`${second} `))).toMatch(/ active$/);
    expect(lines.find((line) => line.startsWith(`${first} `))).toMatch(/ retired \d{4}-/);
  });
});
