import { describe, expect, it } from 'vitest';
import type { Caller } from '../../platform/caller.js';
import { identityOf } from './event-identity.js';

describe('identityOf', () => {
  it.each<[string, Caller | { kind: 'invalid' }, object]>([
    [
      'a visitor as ANONYMOUS_VISITOR',
      { kind: 'visitor', visitorId: 'v-1', clientId: 'c' },
      { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: 'v-1' },
    ],
    [
      'a member as MEMBER',
      { kind: 'member', memberId: 'm-1', clientId: 'c', visitorId: 'v-1' },
      { identityType: 'MEMBER', memberId: 'm-1' },
    ],
    ['a merchant API key as APP with the key id', { kind: 'merchant', apiKeyId: 'key_1' }, { identityType: 'APP', appId: 'key_1' }],
    [
      'a merchant key acting for a shopper as APP',
      { kind: 'merchant', apiKeyId: 'key_1', shopper: { kind: 'member', memberId: 'm-1', clientId: 'c' } },
      { identityType: 'APP', appId: 'key_1' },
    ],
    [
      'a merchant signed in to the console as WIX_USER with their identity id',
      { kind: 'merchant', merchantId: 'id-1', clientId: 'vitrine-console', merchantRole: 'staff' },
      { identityType: 'WIX_USER', wixUserId: 'id-1' },
    ],
    ['an anonymous caller as UNKNOWN', { kind: 'anonymous' }, { identityType: 'UNKNOWN' }],
    ['invalid credentials as UNKNOWN', { kind: 'invalid' }, { identityType: 'UNKNOWN' }],
  ])('maps %s', (_name, caller, identity) => {
    expect(identityOf(caller)).toEqual(identity);
  });
});
