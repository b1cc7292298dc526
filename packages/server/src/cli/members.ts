import { IdentityErrors } from '../domains/identity/errors.js';
import { DomainError } from '../platform/errors.js';
import { type CliCommand, CliFailure } from './command.js';
import { databaseFlags } from './open-database.js';
import { usingServices } from './using-services.js';

/** `vitrine members approve <email>`: the owner's approval (APPROVE_MEMBERS_MANUALLY=true). */
export const membersApprove: CliCommand = {
  name: 'members approve',
  summary: 'Approve a member waiting for owner approval (APPROVE_MEMBERS_MANUALLY=true)',
  positionals: [{ name: 'email', description: "The member's e-mail" }],
  flags: { ...databaseFlags },
  notes: ['A member who has not verified the e-mail yet stays pending until they do.'],
  async run(invocation) {
    const email = invocation.positionals[0];
    // The whole service graph: approval is the identity service's rule, with whatever it depends on.
    const identity = await usingServices(invocation, async (services) => {
      try {
        return await services.identity.approveMember(email);
      } catch (error) {
        if (error instanceof DomainError && error.code === IdentityErrors.IDENTITY_NOT_FOUND)
          throw new CliFailure(`no member has the e-mail ${email}`);
        throw error;
      }
    });
    const { name, reasons } = identity.status;
    invocation.io.out(`member ${identity.email.address} approved: status ${name}${reasons.length ? ` (${reasons.join(', ')})` : ''}`);
    return 0;
  },
};
