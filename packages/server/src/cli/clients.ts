import { type CliCommand, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { usingServices } from './using-services.js';

const CLIENT_ID = /^[a-z0-9-]{3,64}$/;
/** Loopback on any port, allowed for development clients (see `isRegisteredUri`). */
const LOOPBACK_PATTERN = /^http:\/\/(localhost|127\.0\.0\.1):\*$/;

/** `vitrine clients create`: registers or updates a public OAuth client (a storefront). */
export const clientsCreate: CliCommand = {
  name: 'clients create',
  summary: 'Register an OAuth client (a storefront), or update the one with this id',
  flags: {
    id: { type: 'string', value: '<id>', required: true, description: 'Client id: 3 to 64 of a-z, 0-9 and -' },
    name: { type: 'string', value: '<name>', required: true, description: 'Name shown to members' },
    'redirect-uri': {
      type: 'string',
      value: '<uri>',
      multiple: true,
      required: true,
      description: 'Where login may return: an absolute http(s) URL, or http://localhost:* / http://127.0.0.1:* (any port)',
    },
    origin: {
      type: 'string',
      value: '<origin>',
      multiple: true,
      description: 'A browser origin that may call the API (https://shop.example), or a loopback pattern',
    },
    'refresh-policy': {
      type: 'string',
      value: 'rotate|reuse',
      description:
        'rotate (default): a new refresh token on every use, reuse revokes the family; reuse: tokens stay valid until they expire (storefronts on the reference client)',
    },
    ...databaseFlags,
  },
  notes: ['Example: vitrine clients create --id my-shop --name "My shop" --redirect-uri https://my.shop/callback --origin https://my.shop'],
  async run(invocation) {
    const id = invocation.string('id') ?? '';
    if (!CLIENT_ID.test(id)) throw new UsageError(`--id '${id}' must be 3 to 64 characters of a-z, 0-9 and -`);
    const name = (invocation.string('name') ?? '').trim();
    if (!name || name.length > 200) throw new UsageError('--name must be 1 to 200 characters');
    const redirectUris = invocation.strings('redirect-uri');
    for (const uri of redirectUris) {
      if (!isRedirectUri(uri)) throw new UsageError(`--redirect-uri '${uri}' must be an absolute http(s) URL or a loopback pattern`);
    }
    const allowedOrigins = invocation.strings('origin');
    for (const origin of allowedOrigins) {
      if (!isOrigin(origin))
        throw new UsageError(`--origin '${origin}' must be an origin such as https://shop.example (no path) or a loopback pattern`);
    }
    const refreshPolicy = invocation.string('refresh-policy') ?? 'rotate';
    if (refreshPolicy !== 'rotate' && refreshPolicy !== 'reuse')
      throw new UsageError(`--refresh-policy '${refreshPolicy}' must be rotate or reuse`);
    const existed = await usingServices(invocation, async ({ clients }) => {
      const before = await clients.find(id);
      await clients.save({ id, name, redirectUris: unique(redirectUris), allowedOrigins: unique(allowedOrigins), refreshPolicy });
      return !!before;
    });
    invocation.io.out(`client '${id}' ${existed ? 'updated' : 'created'}`);
    return 0;
  },
};

/** `vitrine clients list`. */
export const clientsList: CliCommand = {
  name: 'clients list',
  summary: 'List the registered OAuth clients',
  flags: { ...databaseFlags },
  async run(invocation) {
    const clients = await usingServices(invocation, ({ clients }) => clients.list());
    if (clients.length === 0) invocation.io.out("no clients yet ('vitrine seed' registers the demo client)");
    for (const client of clients) {
      invocation.io.out(`${client.id}  ${client.name}`);
      invocation.io.out(`  redirect URIs:   ${client.redirectUris.join(', ') || '(none)'}`);
      invocation.io.out(`  allowed origins: ${client.allowedOrigins.join(', ') || '(none)'}`);
      invocation.io.out(`  refresh tokens:  ${client.refreshPolicy ?? 'rotate'}`);
    }
    return 0;
  },
};

/** An absolute http(s) URL without credentials or fragment, or a loopback pattern. */
function isRedirectUri(uri: string): boolean {
  if (LOOPBACK_PATTERN.test(uri)) return true;
  const url = /^https?:\/\/[^/]/i.test(uri) ? parse(uri) : undefined;
  return (
    !!url && (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.hash && uri.length <= 2000
  );
}

/** A bare http(s) origin (scheme, host, port; nothing else), or a loopback pattern. */
function isOrigin(origin: string): boolean {
  if (LOOPBACK_PATTERN.test(origin)) return true;
  const url = parse(origin);
  return !!url && (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin;
}

function parse(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
