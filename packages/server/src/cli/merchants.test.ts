import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { openDatabase } from '../platform/db/database.js';

describe('vitrine merchants', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], data.env);
  });
  afterAll(() => data.remove());

  const roleOf = async (email: string) => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: data.dir });
    try {
      return (await handle.db.selectFrom('identities').select('role').where('email', '=', email).executeTakeFirst())?.role;
    } finally {
      await handle.close();
    }
  };

  it('creates a merchant and prints the link to choose a password and the console address', async () => {
    const result = await vitrine(['merchants', 'create', 'Owner@Example.com', '--public-url', 'https://shop.example'], data.env);
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    // kept as typed, as registration keeps it (e-mails match whatever their case)
    expect(lines[0]).toBe('merchant Owner@Example.com created');
    expect(lines[1]).toMatch(/^choose a password: https:\/\/shop\.example\/account\/reset-password\?token=vrc_[\w-]+$/);
    expect(lines[2]).toBe('console: https://shop.example/console');
    expect(await roleOf('Owner@Example.com')).toBe('merchant');
  });

  it('lists the merchants, and removes one (who stays a member)', async () => {
    await vitrine(['merchants', 'create', 'staff@example.com'], data.env);
    // an existing merchant made again: still one row, no new password link
    expect((await vitrine(['merchants', 'create', 'owner@example.com'], data.env)).out.split('\n')[0]).toBe(
      'Owner@Example.com is now a merchant',
    );
    const listed = await vitrine(['merchants', 'list'], data.env);
    expect(listed.out.split('\n').map((line) => line.split(/\s+/)[0])).toEqual(['Owner@Example.com', 'staff@example.com']);
    const removed = await vitrine(['merchants', 'remove', 'staff@example.com'], data.env);
    expect(removed).toMatchObject({ code: 0, out: 'staff@example.com is no longer a merchant' });
    expect(await roleOf('staff@example.com')).toBe('member');
    expect((await vitrine(['merchants', 'list'], data.env)).out).toMatch(/^Owner@Example\.com\s+ACTIVE\s+since \d{4}-\d{2}-\d{2}$/);
  });

  it('fails with exit 1 for a malformed e-mail and for removing someone who is not a merchant', async () => {
    expect(await vitrine(['merchants', 'create', 'not-an-email'], data.env)).toMatchObject({
      code: 1,
      err: 'vitrine: not-an-email: Email is not valid',
    });
    expect(await vitrine(['merchants', 'remove', 'nobody@example.com'], data.env)).toMatchObject({
      code: 1,
      err: 'vitrine: no merchant has the e-mail nobody@example.com',
    });
  });

  it('makes staff with --role staff, refuses another role, and never removes the last owner (#24)', async () => {
    const shop = await tempDataDir();
    try {
      await vitrine(['migrate'], shop.env);
      await vitrine(['merchants', 'create', 'boss@example.com'], shop.env);
      const made = await vitrine(['merchants', 'create', 'clerk@example.com', '--role', 'staff'], shop.env);
      expect(made.code).toBe(0);
      expect(made.out.split('\n').slice(0, 2)).toEqual(['merchant clerk@example.com created', 'role: staff']);
      const handle = await openDatabase({ kind: 'pglite', dataDir: shop.dir });
      try {
        const rows = await handle.db.selectFrom('identities').select(['email', 'merchant_role']).orderBy('email').execute();
        expect(rows).toEqual([
          { email: 'boss@example.com', merchant_role: 'owner' },
          { email: 'clerk@example.com', merchant_role: 'staff' },
        ]);
      } finally {
        await handle.close();
      }
      expect(await vitrine(['merchants', 'create', 'other@example.com', '--role', 'manager'], shop.env)).toMatchObject({ code: 2 });
      expect(await vitrine(['merchants', 'remove', 'boss@example.com'], shop.env)).toMatchObject({
        code: 1,
        err: "vitrine: boss@example.com is the shop's last owner: make another owner first",
      });
    } finally {
      await shop.remove();
    }
  });
});
