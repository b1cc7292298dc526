import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/support/test-server.js';

const LOOPS_ON = { WEBHOOK_INTERVAL_MS: '60000', MAIL_INTERVAL_MS: '60000', VACUUM_INTERVAL_MS: '60000' };

describe('the background loops of a serving process, by its role (#23)', () => {
  it.each([
    ['all', true],
    ['web', false],
  ])('VITRINE_ROLE=%s runs the webhook and mail loops: %s', async (role, running) => {
    const server = await startTestServer({ ...LOOPS_ON, VITRINE_ROLE: role });
    try {
      expect(server.services.webhooks.dispatcher.running).toBe(running);
      expect(server.services.checkout.mailing.sender.running).toBe(running);
      // the VACUUM turns: the embedded database's only (PostgreSQL's autovacuum does that work)
      expect(server.services.vacuum.running).toBe(running && server.database.kind === 'pglite');
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
    }
    expect(server.services.webhooks.dispatcher.running).toBe(false);
    expect(server.services.vacuum.running).toBe(false);
  });
});
