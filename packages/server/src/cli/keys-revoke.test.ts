/**
 * `vitrine keys revoke <kid>` (#23): the real CLI against a real database; on PostgreSQL, beside a
 * running `vitrine serve` that must refuse the revoked key's tokens as it hears the revocation (NOTIFY).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CliRun, tempDataDir, vitrine } from '../../test/support/cli.js';
import { visitorTokens } from '../../test/support/http.js';
import { type ServeProcess, startBuiltServe } from '../../test/support/serve-process.js';
import { copyOfTemplate } from '../../test/support/shared-database-server.js';
import { freePort, TEST_CLIENT_ID } from '../../test/support/test-server.js';
import { CURRENT_CART } from '../domains/cart/routes.js';

const template = inject('databaseTemplate');

/** A migrated database of the run's kind for the CLI: its settings, and how to remove it. */
async function cliDatabase(): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  if (template.kind === 'postgres') {
    const copy = await copyOfTemplate(template);
    return { env: { DATABASE_URL: copy.url }, remove: copy.drop };
  }
  const data = await tempDataDir();
  await vitrine(['migrate'], data.env);
  return { env: data.env, remove: data.remove };
}

/** The kids `vitrine keys list` prints, newest first, and the active one. */
async function listedKeys(env: Record<string, string>): Promise<{ kids: string[]; active?: string }> {
  const lines = (await vitrine(['keys', 'list'], env)).out.split('\n').filter(Boolean);
  const kids = lines.map((line) => line.split(' ')[0] as string);
  return { kids, active: lines.find((line) => line.endsWith(' active'))?.split(' ')[0] };
}

// A kid is base64url and may start with '-': after '--' it is read as the argument, not an option.
const kidOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0] as string, 'base64url').toString()).kid as string;

describe('vitrine keys revoke (#23)', () => {
  let database: Awaited<ReturnType<typeof cliDatabase>>;
  beforeAll(async () => {
    database = await cliDatabase();
  }, 60_000);
  afterAll(() => database.remove());

  it('revokes the signing key: a new key signs, and the revoked one is listed no more', async () => {
    const { active: before } = await listedKeys(database.env);
    const run = await vitrine(['keys', 'revoke', '--', before as string], database.env);
    expect(run.code).toBe(0);
    const { kids, active: after } = await listedKeys(database.env);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(kids).not.toContain(before);
    expect(run.out).toBe(`revoked ${before}; signing key ${after}`);
  });

  it('revokes a retired key and leaves the signing key signing', async () => {
    expect((await vitrine(['keys', 'rotate'], database.env)).code).toBe(0);
    const {
      kids: [active, retired],
    } = await listedKeys(database.env);
    const run = await vitrine(['keys', 'revoke', '--', retired as string], database.env);
    expect(run).toEqual({ code: 0, out: `revoked ${retired}; signing key ${active}`, err: '' });
    expect((await listedKeys(database.env)).kids).not.toContain(retired);
  });

  it.each<[string, string, (run: CliRun) => void]>([
    [
      'a kid that is not one of ours, as a usage error',
      'not-a-kid',
      (run) => {
        expect(run.code).toBe(2);
        expect(run.err.split('\n')[0]).toBe(
          "vitrine keys revoke: 'not-a-kid' is not a key id: 43 letters, digits, '-' or '_', as 'vitrine keys list' shows them",
        );
      },
    ],
    [
      'an unknown kid',
      'A'.repeat(43),
      (run) => {
        expect(run.code).toBe(1);
        expect(run.err).toBe(
          `vitrine: no signing key '${'A'.repeat(43)}' to revoke (unknown, or revoked already): 'vitrine keys list' shows the keys`,
        );
      },
    ],
    [
      "an unknown kid starting with '-', read after '--' as the kid, not as an option",
      `-${'A'.repeat(42)}`,
      (run) => {
        expect(run.code).toBe(1);
        expect(run.err).toContain(`no signing key '-${'A'.repeat(42)}' to revoke`);
      },
    ],
  ])('refuses %s, changing nothing', async (_case, kid, check) => {
    const before = await listedKeys(database.env);
    const run = await vitrine(['keys', 'revoke', '--', kid], database.env);
    check(run);
    expect(run.out).toBe('');
    expect(await listedKeys(database.env)).toEqual(before);
  });

  it('refuses a key revoked already', async () => {
    const { active } = await listedKeys(database.env);
    expect((await vitrine(['keys', 'revoke', '--', active as string], database.env)).code).toBe(0);
    const again = await vitrine(['keys', 'revoke', '--', active as string], database.env);
    expect(again.code).toBe(1);
    expect(again.err).toContain(`no signing key '${active}' to revoke (unknown, or revoked already)`);
  });
});

// The embedded database is locked by the server that runs on it: the CLI meets a running server on PostgreSQL only.
describe.runIf(template.kind === 'postgres')('vitrine keys revoke beside a running server (#23)', () => {
  let database: Awaited<ReturnType<typeof cliDatabase>>;
  let server: ServeProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.remove();
  });

  it("makes the running server refuse the revoked key's tokens as soon as it hears the revocation", async () => {
    database = await cliDatabase();
    const client = ['clients', 'create', '--id', TEST_CLIENT_ID, '--name', 'Revocation test', '--redirect-uri', 'http://127.0.0.1:*'];
    expect((await vitrine(client, database.env)).code).toBe(0);
    const port = await freePort();
    const args = ['--port', String(port), '--host', '127.0.0.1', '--no-storefront', '--role', 'web'];
    server = await startBuiltServe(args, { ...database.env });
    const base = `http://127.0.0.1:${port}`;
    const cartStatus = async (token: string) => (await fetch(`${base}${CURRENT_CART}`, { headers: { authorization: token } })).status;

    const token = (await visitorTokens(base)).access_token;
    // accepted (the visitor has no cart yet: 404), and remembered as verified by the server
    expect(await cartStatus(token)).toBe(404);
    const run = await vitrine(['keys', 'revoke', '--', kidOf(token)], database.env);
    expect(run.code).toBe(0);
    // The server hears the revocation by NOTIFY, delivered apart from the command's own connection:
    // usually before the next request, on a loaded machine a few ms after it. Without it the
    // remembered token would verify until the minute's re-read: the test's timeout bounds the wait.
    while ((await cartStatus(token)) !== 401) await new Promise((resume) => setTimeout(resume, 10));
    expect(await cartStatus(token)).toBe(401);

    // the server signs with the key the revocation made, and its tokens verify
    const fresh = (await visitorTokens(base)).access_token;
    expect(kidOf(fresh)).toBe(run.out.split(' ').at(-1));
    expect(await cartStatus(fresh)).toBe(404);
  }, 120_000);
});
