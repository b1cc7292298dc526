/**
 * Issue #18: on PostgreSQL no statement runs longer than DATABASE_STATEMENT_TIMEOUT_MS, and a
 * cancelled one answers 503 in the wire form with the request id, not a hang or a masked 500.
 * PGlite runs in one thread without PostgreSQL's timers and does not honour statement_timeout
 * (the filter and body limits are what bound its queries): there the same request completes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../../test/support/http.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    { DATABASE_STATEMENT_TIMEOUT_MS: '100' },
    {
      // A statement slower than the limit, through the server's own database pool.
      beforeListen: (app) => {
        app.get('/_test/slow-statement', async () => {
          await sql`SELECT pg_sleep(2)`.execute(server.database.db);
          return { done: true };
        });
      },
    },
  );
});
afterAll(() => server?.close());

describe('the statement timeout (#18)', () => {
  it('cancels a statement past the limit on PostgreSQL and answers 503 with the request id', async () => {
    const answer = await send(`${server.url}/_test/slow-statement`);
    if (server.database.kind === 'pglite') {
      expect(answer.status).toBe(200);
      return;
    }
    const requestId = answer.headers.get('x-wix-request-id');
    expect(answer.status).toBe(503);
    expect(answer.body.details.applicationError).toMatchObject({ code: 'DATABASE_TIMEOUT', data: { requestId } });
  });

  it('leaves the pool usable afterwards', async () => {
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(server.database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
