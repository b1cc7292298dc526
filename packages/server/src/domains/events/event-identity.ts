import type { IdentificationData, IdentityType } from '@vitrine/sdk';
import type { Caller } from '../../platform/caller.js';

/** Who caused an event, as the envelope carries it (spec §3 "Event identity type"). */
export type EventIdentity = IdentificationData & { identityType: IdentityType };

/** An event nobody identifiable caused (system work, an unauthenticated or invalid caller). */
export const UNKNOWN_IDENTITY: EventIdentity = { identityType: 'UNKNOWN' };

/**
 * The envelope identity of a caller: visitor → ANONYMOUS_VISITOR, member → MEMBER, merchant API key →
 * APP (the key's id), a merchant signed in as a person (the console) → WIX_USER (their identity id),
 * anything else → UNKNOWN.
 * @see spec §3 "Event identity type", §6 "Event identity kinds"
 */
export function identityOf(caller: Caller | { kind: 'invalid' }): EventIdentity {
  switch (caller.kind) {
    case 'visitor':
      return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: caller.visitorId };
    case 'member':
      return { identityType: 'MEMBER', memberId: caller.memberId };
    case 'merchant':
      return 'apiKeyId' in caller
        ? { identityType: 'APP', appId: caller.apiKeyId }
        : { identityType: 'WIX_USER', wixUserId: caller.merchantId };
    default:
      return { ...UNKNOWN_IDENTITY };
  }
}
