// @vitest-environment node
import type { Tokens } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { localStorageTokenStorage } from './local-storage-tokens.js';

const tokens = (role: 'visitor' | 'member'): Tokens => ({
  accessToken: { value: `access-${role}`, expiresAt: 2_000_000_000 },
  refreshToken: { value: `refresh-${role}`, role },
});

describe('localStorageTokenStorage without a window (server rendering)', () => {
  it('keeps tokens in memory and tells its subscribers', () => {
    const storage = localStorageTokenStorage();
    let heard = 0;
    storage.subscribe(() => heard++);
    expect(storage.getTokens()).toBeUndefined();
    storage.setTokens(tokens('member'));
    expect(storage.getTokens()).toEqual(tokens('member'));
    expect(heard).toBe(1);
  });

  it('never shares tokens between two instances (two requests on one server)', () => {
    const first = localStorageTokenStorage();
    const second = localStorageTokenStorage();
    first.setTokens(tokens('member'));
    expect(second.getTokens()).toBeUndefined();
  });
});
