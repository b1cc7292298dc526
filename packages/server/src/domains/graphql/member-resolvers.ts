/**
 * The resolvers of `member-type-defs.ts`: the identity service as the signed-in member, who reads
 * and edits only their own account.
 */
import { AuthErrors, type Caller } from '../../platform/caller.js';
import { DomainError, type ErrorTable } from '../../platform/errors.js';
import type { NamesPatch } from '../identity/profile-names.js';
import type { IdentityService } from '../identity/service.js';
import type { WireIdentity } from '../identity/wire-identity.js';
import { translatingErrors } from './graphql-errors.js';
import type { GraphqlContext } from './resolvers.js';

/** The identity calls the resolvers use. */
export type MemberAccounts = Pick<IdentityService, 'findIdentity' | 'updateNames'>;

/** The member a caller acts as: their own token, or the member token a merchant's key carries. */
function memberIdOf(caller: Caller): string | undefined {
  if (caller.kind === 'member') return caller.memberId;
  if (caller.kind === 'merchant' && caller.shopper?.kind === 'member') return caller.shopper.memberId;
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The wire identity as a `Member`. */
function toMember(identity: WireIdentity) {
  const profile = identity.identityProfile;
  return {
    id: identity.id,
    loginEmail: identity.email.address,
    loginEmailVerified: identity.email.isVerified,
    status: identity.status.name,
    firstName: text(profile.firstName),
    lastName: text(profile.lastName),
    nickname: text(profile.nickname),
    identityProfile: profile,
    createdDate: identity.createdDate,
    updatedDate: identity.updatedDate,
  };
}

/** The resolver map of `member-type-defs.ts`. */
export function memberResolvers(accounts: MemberAccounts, errors: ErrorTable) {
  return {
    Query: {
      currentMember: (_: unknown, _args: unknown, ctx: GraphqlContext) =>
        translatingErrors(errors, async () => {
          const memberId = memberIdOf(ctx.caller);
          const identity = memberId ? await accounts.findIdentity(memberId) : null;
          return identity ? toMember(identity) : null;
        }),
    },
    Mutation: {
      updateCurrentMemberProfile: (_: unknown, args: { input: NamesPatch }, ctx: GraphqlContext) =>
        translatingErrors(errors, async () => {
          const memberId = memberIdOf(ctx.caller);
          if (!memberId) {
            throw new DomainError(ctx.caller.kind === 'anonymous' ? AuthErrors.UNAUTHENTICATED : AuthErrors.PERMISSION_DENIED);
          }
          return toMember(await accounts.updateNames(memberId, args.input, 'input.'));
        }),
    },
  };
}
