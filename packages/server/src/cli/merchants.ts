import { MerchantRole } from '@vitrine/sdk';
import type { Config } from '../config.js';
import { IdentityErrors } from '../domains/identity/errors.js';
import { DomainError, ValidationFailure } from '../platform/errors.js';
import type { Services } from '../services.js';
import { type CliCommand, CliFailure, type Invocation, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { usingServices } from './using-services.js';

/** Runs `fn` with the merchant accounts of the configured database; service refusals become CLI failures. */
function withMerchants<T>(
  invocation: Invocation,
  email: string,
  fn: (merchants: Services['merchants'], config: Config) => Promise<T>,
): Promise<T> {
  return usingServices(invocation, async (services, config) => {
    try {
      return await fn(services.merchants, config);
    } catch (error) {
      if (error instanceof ValidationFailure)
        throw new CliFailure(`${email}: ${error.violations.map((violation) => violation.description).join('; ')}`);
      if (error instanceof DomainError) throw new CliFailure(refusal(error.code, email));
      throw error;
    }
  });
}

function refusal(code: string, email: string): string {
  switch (code) {
    case IdentityErrors.IDENTITY_NOT_FOUND:
      return `no merchant has the e-mail ${email}`;
    case IdentityErrors.MEMBER_BLOCKED:
      return `${email} is blocked: a blocked member cannot become a merchant`;
    case IdentityErrors.MEMBER_DELETED:
      return `${email} was deleted`;
    case IdentityErrors.LAST_OWNER:
      return `${email} is the shop's last owner: make another owner first`;
    case IdentityErrors.EMAIL_ALREADY_EXISTS:
      return `${email} registered at the same moment: run the command again`;
    default:
      return `${email}: ${code}`;
  }
}

/** The `--role` flag: owner unless it says staff. */
function roleFlag(invocation: Invocation): MerchantRole {
  const text = invocation.string('role') ?? MerchantRole.OWNER;
  const role = Object.values(MerchantRole).find((known) => known === text.toLowerCase());
  if (!role) throw new UsageError(`--role '${text}' must be one of ${Object.values(MerchantRole).join(', ')}`);
  return role;
}

/** `vitrine merchants create <email>`: an owner or staff account for the console. */
export const merchantsCreate: CliCommand = {
  name: 'merchants create',
  summary: 'Make a merchant who signs in to the console (a new account, or an existing member promoted)',
  positionals: [{ name: 'email', description: "The merchant's e-mail" }],
  flags: {
    ...databaseFlags,
    role: {
      type: 'string',
      value: '<role>',
      description: 'owner (the default: everything) or staff (no staff, API keys, webhooks or payment settings)',
    },
    'public-url': {
      type: 'string',
      value: '<url>',
      description: 'The URL the shop is reached at (in the links)',
      setting: 'VITRINE_PUBLIC_URL',
    },
  },
  notes: [
    'A new account has no password yet: the command prints a link to choose one (valid 7 days), also e-mailed.',
    'Merchants sign in at <public URL>/console on the shop’s hosted login page.',
  ],
  async run(invocation) {
    const email = invocation.positionals[0];
    const role = roleFlag(invocation);
    const { made, consoleUrl } = await withMerchants(invocation, email, async (accounts, config) => ({
      made: await accounts.create(email, role),
      consoleUrl: `${config.publicUrl}/console`,
    }));
    const address = made.identity.email.address;
    invocation.io.out(made.created ? `merchant ${address} created` : `${address} is now a merchant`);
    if (role === MerchantRole.STAFF) invocation.io.out('role: staff');
    if (made.passwordLink) invocation.io.out(`choose a password: ${made.passwordLink}`);
    invocation.io.out(`console: ${consoleUrl}`);
    return 0;
  },
};

/** `vitrine merchants list`. */
export const merchantsList: CliCommand = {
  name: 'merchants list',
  summary: 'List the merchants who may sign in to the console',
  flags: { ...databaseFlags },
  async run(invocation) {
    const merchants = await withMerchants(invocation, '', (accounts) => accounts.list());
    if (!merchants.length) invocation.io.out('no merchants (vitrine merchants create <email>)');
    for (const merchant of merchants)
      invocation.io.out(`${merchant.email.address}  ${merchant.status.name}  since ${merchant.createdDate.slice(0, 10)}`);
    return 0;
  },
};

/** `vitrine merchants remove <email>`. */
export const merchantsRemove: CliCommand = {
  name: 'merchants remove',
  summary: 'Take the merchant role back (the account stays a member) and end their console sessions',
  positionals: [{ name: 'email', description: "The merchant's e-mail" }],
  flags: { ...databaseFlags },
  notes: ['An access token the merchant holds stops working within 10 minutes.'],
  async run(invocation) {
    const email = invocation.positionals[0];
    const identity = await withMerchants(invocation, email, (accounts) => accounts.remove(email));
    invocation.io.out(`${identity.email.address} is no longer a merchant`);
    return 0;
  },
};
