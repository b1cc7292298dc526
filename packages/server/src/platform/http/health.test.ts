import { describe, expect, it } from 'vitest';
import { send } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { startTestServer } from '../../../test/support/test-server.js';

const server = testServerForFile();

describe('health endpoints', () => {
  it('answers /healthz with 200 {status: ok}', async () => {
    const response = await send(`${server.url}/healthz`);
    expect([response.status, response.body]).toEqual([200, { status: 'ok' }]);
  });

  it('answers /readyz with 200 {status: ready} while the database answers', async () => {
    const response = await send(`${server.url}/readyz`);
    expect([response.status, response.body]).toEqual([200, { status: 'ready' }]);
  });

  it('answers /readyz with 503 naming the migrations the database lacks (#23)', async () => {
    const behind = await startTestServer();
    try {
      const last = await behind.database.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .orderBy('name' as never, 'desc')
        .executeTakeFirstOrThrow();
      const name = (last as { name: string }).name;
      await behind.database.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', name as never)
        .execute();
      const ready = await send(`${behind.url}/readyz`);
      expect([ready.status, ready.body]).toEqual([503, { status: 'migrations pending', pending: [name] }]);
    } finally {
      await behind.close();
    }
  });

  it('answers /readyz with 503 once the database is gone, while /healthz stays 200', async () => {
    const lost = await startTestServer();
    try {
      await lost.database.close();
      const ready = await send(`${lost.url}/readyz`);
      expect([ready.status, ready.body]).toEqual([503, { status: 'database unavailable' }]);
      expect((await send(`${lost.url}/healthz`)).status).toBe(200);
    } finally {
      await lost.close();
    }
  });
});
