import { describe, expect, it } from 'vitest';
import { creditsText, grantDraftOf, grantOf, membershipState, planDraftOf, planOf, scopeText } from './membership-draft.js';

const PLAN_ID = '6f1c2d3e-0000-4000-8000-000000000001';

describe('a membership plan as typed', () => {
  it('sends every field, empty credits as unlimited and no ids for every product', () => {
    expect(planOf({ ...planDraftOf(), name: ' Coffee club ', scopeIds: ['left-over'] })).toEqual({
      value: { name: 'Coffee club', scope: 'ALL', scopeIds: [], credits: null, active: true },
    });
  });

  it('reads a stored plan back as it was typed', () => {
    const plan = { name: 'Tea', scope: 'COLLECTIONS' as const, scopeIds: ['c1'], credits: 12, active: false };
    expect(planDraftOf(plan)).toEqual({ name: 'Tea', scope: 'COLLECTIONS', scopeIds: ['c1'], credits: '12', active: false });
    expect(planOf(planDraftOf(plan))).toEqual({ value: plan });
  });

  it.each([
    [{ name: '  ' }, { name: 'Name the plan (buyers see the name in their cart).' }],
    [{ name: 'x'.repeat(201) }, { name: 'A name has at most 200 characters.' }],
    [{ scope: 'PRODUCTS' as const }, { scopeIds: 'Pick the products it applies to.' }],
    [{ scope: 'COLLECTIONS' as const }, { scopeIds: 'Pick the collections it applies to.' }],
    [{ credits: '0' }, { credits: 'A whole number, at least 1; empty: unlimited.' }],
    [{ credits: '2.5' }, { credits: 'A whole number, at least 1; empty: unlimited.' }],
    [{ credits: '1000000001' }, { credits: 'A whole number, at least 1; empty: unlimited.' }],
  ])('names the problem of %j by its field', (typed, errors) => {
    expect(planOf({ ...planDraftOf(), name: 'Gold', ...typed })).toEqual({ errors });
  });
});

describe('a grant as typed', () => {
  const now = new Date('2026-06-01T12:00:00Z');

  it("sends the member's e-mail trimmed and leaves empty credits and expiry to the plan and never", () => {
    expect(grantOf({ ...grantDraftOf(PLAN_ID), memberEmail: ' ada@example.com ' }, now)).toEqual({
      value: { planId: PLAN_ID, memberEmail: 'ada@example.com', expiresAt: null },
    });
  });

  it('sends the expiry as a date and the credits as a number', () => {
    const draft = { ...grantDraftOf(PLAN_ID, 'ada@example.com'), expiresAt: '2027-01-01T09:30', credits: ' 3 ' };
    expect(grantOf(draft, now)).toEqual({
      value: { planId: PLAN_ID, memberEmail: 'ada@example.com', expiresAt: new Date('2027-01-01T09:30'), credits: 3 },
    });
  });

  it('sends no limit when unlimited is ticked, whatever credits were typed', () => {
    const draft = { ...grantDraftOf(PLAN_ID, 'ada@example.com'), credits: 'abc', unlimited: true };
    expect(grantOf(draft, now)).toEqual({ value: { planId: PLAN_ID, memberEmail: 'ada@example.com', expiresAt: null, credits: null } });
  });

  it.each([
    [{ planId: '' }, { planId: 'Pick the plan to grant.' }],
    [{ memberEmail: '' }, { memberEmail: 'Type the member’s e-mail address, like ada@example.com.' }],
    [{ memberEmail: 'ada@example' }, { memberEmail: 'Type the member’s e-mail address, like ada@example.com.' }],
    [{ memberEmail: 'ada lovelace@example.com' }, { memberEmail: 'Type the member’s e-mail address, like ada@example.com.' }],
    [{ expiresAt: 'soon' }, { expiresAt: 'Pick a date and time.' }],
    [{ expiresAt: '2027-02-30T10:00' }, { expiresAt: 'Pick a date and time.' }],
    [{ expiresAt: '2026-05-31T12:00' }, { expiresAt: 'It ends in the future.' }],
    [{ credits: '0' }, { credits: 'A whole number, at least 1; empty: the plan’s credits.' }],
    [{ credits: '-1' }, { credits: 'A whole number, at least 1; empty: the plan’s credits.' }],
  ])('names the problem of %j by its field', (typed, errors) => {
    expect(grantOf({ ...grantDraftOf(PLAN_ID, 'ada@example.com'), ...typed }, now)).toEqual({ errors });
  });
});

describe('memberships in words', () => {
  it.each([
    [{ scope: 'ALL' as const, scopeIds: [] }, 'Every product'],
    [{ scope: 'PRODUCTS' as const, scopeIds: ['a'] }, '1 product'],
    [{ scope: 'COLLECTIONS' as const, scopeIds: ['a', 'b'] }, '2 collections'],
  ])('says %j pays for %s', (plan, text) => {
    expect(scopeText(plan)).toBe(text);
  });

  it.each([
    [null, null, 'Unlimited'],
    [3, 5, '3 of 5'],
    [4, null, '4'],
  ])('says %j credits left of %j as %j', (remaining, total, text) => {
    expect(creditsText(remaining, total)).toBe(text);
  });

  it("says a membership is usable, or the server's reason why not", () => {
    expect(membershipState({ valid: true, invalidReason: null })).toBe('Usable');
    expect(membershipState({ valid: false, invalidReason: 'The membership has expired' })).toBe('The membership has expired');
  });
});
