import { CreatePlanBody, GrantTerms, type WireMembership, type WirePlan } from '../domains/pricing/schemas.js';
import { type CliCommand, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { type FlagNames, listFlag, parseInput, refusalsAsCli, table, wholeFlag, withPricing } from './pricing-cli.js';

const PLAN_FLAGS: FlagNames = { name: 'name', credits: 'credits' };

/** `vitrine memberships add-plan`. */
export const membershipsAddPlan: CliCommand = {
  name: 'memberships add-plan',
  summary: 'Add a membership plan members can pay eligible items with',
  flags: {
    name: { type: 'string', value: '<text>', required: true, description: 'What the buyer sees' },
    credits: { type: 'string', value: '<n>', description: 'Units a membership pays for in total (default: unlimited)' },
    products: { type: 'string', value: '<ids>', multiple: true, description: 'Only these products (comma-separated ids)' },
    collections: { type: 'string', value: '<ids>', multiple: true, description: 'Only the products of these collections' },
    inactive: { type: 'boolean', description: 'Create it switched off' },
    ...databaseFlags,
  },
  async run(invocation) {
    const products = listFlag(invocation, 'products');
    const collections = listFlag(invocation, 'collections');
    if (products && collections) throw new UsageError('--products and --collections cannot be combined');
    const flags = { ...PLAN_FLAGS, scopeIds: products ? 'products' : 'collections' };
    const input = parseInput(
      CreatePlanBody,
      {
        name: invocation.string('name'),
        credits: wholeFlag(invocation, 'credits', 1),
        scope: products ? 'PRODUCTS' : collections ? 'COLLECTIONS' : 'ALL',
        scopeIds: products ?? collections ?? [],
        active: !invocation.flag('inactive'),
      },
      invocation,
      flags,
    );
    const plan = await withPricing(invocation, (pricing) => refusalsAsCli(pricing.memberships.createPlan(input), invocation, flags));
    invocation.io.out(`plan '${plan.name}' created (id ${plan.id}): ${describePlan(plan)}`);
    return 0;
  },
};

const GRANT_FLAGS: FlagNames = { expiresAt: 'expires', credits: 'credits' };

/** `vitrine memberships grant`. */
export const membershipsGrant: CliCommand = {
  name: 'memberships grant',
  summary: 'Grant a membership plan to a member',
  flags: {
    plan: { type: 'string', value: '<id|name>', required: true, description: 'The plan, by id or name' },
    member: { type: 'string', value: '<id|email>', required: true, description: 'The member, by id or e-mail' },
    expires: { type: 'string', value: '<iso date>', description: 'When it ends (default: never)' },
    credits: { type: 'string', value: '<n>', description: "Units it pays for (default: the plan's credits)" },
    ...databaseFlags,
  },
  notes: ['Example: vitrine memberships grant --plan "Coffee club" --member ada@example.com --expires 2027-01-01T00:00:00Z'],
  async run(invocation) {
    const credits = wholeFlag(invocation, 'credits', 0);
    const expiresAt = invocation.string('expires');
    parseInput(GrantTerms, { expiresAt, credits }, invocation, GRANT_FLAGS);
    const membership = await withPricing(invocation, async (pricing) => {
      const planId = await refusalsAsCli(pricing.memberships.planIdOf(invocation.string('plan') ?? ''), invocation, {});
      const memberId = await refusalsAsCli(pricing.memberships.memberIdOf(invocation.string('member') ?? ''), invocation, {});
      return refusalsAsCli(pricing.memberships.grant({ planId, memberId, expiresAt, credits }), invocation, GRANT_FLAGS);
    });
    invocation.io.out(`membership ${membership.id} granted: ${describeMembership(membership)}`);
    return 0;
  },
};

/** `vitrine memberships list`. */
export const membershipsList: CliCommand = {
  name: 'memberships list',
  summary: "List the membership plans, or a member's memberships (--member)",
  flags: { member: { type: 'string', value: '<id|email>', description: 'Show this member’s memberships instead' }, ...databaseFlags },
  async run(invocation) {
    const member = invocation.string('member');
    await withPricing(invocation, async (pricing) => {
      if (member === undefined) {
        const plans = await pricing.memberships.listPlans();
        if (plans.length === 0) invocation.io.out("no membership plans ('vitrine memberships add-plan --name N' adds one)");
        for (const line of table(plans.map((plan) => [plan.name, describePlan(plan), plan.id]))) invocation.io.out(line);
        return;
      }
      const memberId = await refusalsAsCli(pricing.memberships.memberIdOf(member), invocation, {});
      const held = await pricing.memberships.listOf(memberId);
      if (held.length === 0) invocation.io.out(`member ${member} holds no membership`);
      for (const line of table(held.map((membership) => [membership.planName, describeMembership(membership), membership.id])))
        invocation.io.out(line);
    });
    return 0;
  },
};

function describePlan(plan: WirePlan): string {
  const parts = [plan.credits === null ? 'unlimited' : `${plan.credits} credits`];
  if (plan.scope !== 'ALL') parts.push(`${plan.scopeIds.length} ${plan.scope.toLowerCase()} only`);
  if (!plan.active) parts.push('inactive');
  return parts.join(', ');
}

function describeMembership(membership: WireMembership): string {
  const parts = [membership.planName, membership.creditsRemaining === null ? 'unlimited' : `${membership.creditsRemaining} credits left`];
  parts.push(membership.expiresAt ? `until ${membership.expiresAt}` : 'no expiry');
  parts.push(membership.valid ? 'valid' : `not usable: ${membership.invalidReason}`);
  return parts.join(', ');
}
