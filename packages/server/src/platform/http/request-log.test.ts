import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../../test/support/http.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';

describe('request log lines at the default level (#23)', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => server?.close());

  it('writes no line per request at info: request lines are debug', async () => {
    expect((await send(`${server.url}/stores-reader/v1/products/${crypto.randomUUID()}`)).status).toBe(404);
    expect(lines.join('')).not.toContain('incoming request');
    expect(lines.join('')).not.toContain('request completed');
  });
});
