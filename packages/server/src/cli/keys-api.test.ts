import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { ApiKeys } from '../domains/oauth/api-keys.js';
import { openDatabase } from '../platform/db/database.js';

describe('vitrine keys api', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], data.env);
  });
  afterAll(() => data.remove());

  async function verify(key: string): Promise<string | null> {
    const handle = await openDatabase({ kind: 'pglite', dataDir: data.dir });
    try {
      return await new ApiKeys(handle.db).verify(key);
    } finally {
      await handle.close();
    }
  }

  async function create(name: string): Promise<{ id: string; key: string; err: string }> {
    const result = await vitrine(['keys', 'api', 'create', '--name', name], data.env);
    expect(result.code).toBe(0);
    const [head, keyLine] = result.out.split('\n');
    return { id: head.split(' ')[2], key: keyLine.trim(), err: result.err };
  }

  it('keys api create prints a key the server accepts as a merchant key', async () => {
    const { id, key } = await create('import');
    expect(key).toMatch(/^vmk_/);
    expect(await verify(key)).toBe(id);
  });

  it('keys api create warns that the key is not shown again', async () => {
    const { err } = await create('warned');
    expect(err).toContain('not shown again');
  });

  it('keys api list shows ids and names but never the secret', async () => {
    const { id, key } = await create('listed');
    const result = await vitrine(['keys', 'api', 'list'], data.env);
    expect(result.out).toMatch(new RegExp(`^${id}  listed  created \\S+  active$`, 'm'));
    expect(result.out).not.toContain(key);
  });

  it('keys api revoke makes the key fail verification', async () => {
    const { id, key } = await create('revoked');
    const result = await vitrine(['keys', 'api', 'revoke', id], data.env);
    expect(result).toMatchObject({ code: 0, out: `API key ${id} revoked` });
    expect(await verify(key)).toBeNull();
  });

  it('keys api revoke of an unknown id fails with exit 1', async () => {
    const result = await vitrine(['keys', 'api', 'revoke', 'key_missing'], data.env);
    expect(result).toMatchObject({ code: 1, err: "vitrine: no active API key 'key_missing'" });
  });
});
