/** The merchant's membership plans, and the memberships granted to members. */
import { DomainError } from '../../platform/errors.js';
import { isUuid, type PricingDeps, rejectViolations, requireScopeIds } from './deps.js';
import { PricingErrors } from './errors.js';
import { planViolations, type ScopeKindName } from './input-rules.js';
import type { GrantInput, MembershipFilter, PlanInput, PlanPatch, WireMembership, WirePlan } from './schemas.js';
import * as store from './store.js';
import { membershipView, planView } from './views.js';

type MemberRef = { memberId?: string; memberEmail?: string };

export class MembershipAdmin {
  constructor(private readonly deps: PricingDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** @throws ValidationFailure (scope ids missing or unknown) */
  async createPlan(input: PlanInput): Promise<WirePlan> {
    const scope = input.scope ?? 'ALL';
    const scopeIds = [...new Set(input.scopeIds ?? [])];
    await this.checkScope(scope, scopeIds);
    const row = await store.insertPlan(this.deps.db, {
      name: input.name,
      scope,
      scope_ids: scopeIds,
      credits: input.credits ?? null,
      active: input.active ?? true,
    });
    return planView(row);
  }

  async listPlans(): Promise<WirePlan[]> {
    return (await store.listPlans(this.deps.db)).map(planView);
  }

  /** @throws DomainError MEMBERSHIP_PLAN_NOT_FOUND */
  async getPlan(id: string): Promise<WirePlan> {
    return planView(await this.requirePlan(id));
  }

  /** @throws DomainError MEMBERSHIP_PLAN_NOT_FOUND; ValidationFailure */
  async updatePlan(id: string, patch: PlanPatch): Promise<WirePlan> {
    const before = await this.requirePlan(id);
    const scope = patch.scope ?? before.scope;
    const scopeIds = [...new Set(patch.scopeIds ?? (patch.scope === 'ALL' ? [] : before.scope_ids))];
    await this.checkScope(scope, scopeIds);
    const row = await store.updatePlan(this.deps.db, id, {
      scope,
      scope_ids: scopeIds,
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.credits !== undefined && { credits: patch.credits }),
      ...(patch.active !== undefined && { active: patch.active }),
    });
    if (!row) throw new DomainError(PricingErrors.MEMBERSHIP_PLAN_NOT_FOUND, { id });
    return planView(row);
  }

  /** Deletes a plan and the memberships of it. @throws DomainError MEMBERSHIP_PLAN_NOT_FOUND */
  async deletePlan(id: string): Promise<void> {
    if (!isUuid(id) || !(await store.deletePlan(this.deps.db, id))) throw new DomainError(PricingErrors.MEMBERSHIP_PLAN_NOT_FOUND, { id });
  }

  /**
   * Grants a plan to a member (by id or e-mail), with an expiry (none: never) and credits (absent: the plan's).
   * @throws DomainError MEMBERSHIP_PLAN_NOT_FOUND, MEMBER_NOT_FOUND
   */
  async grant(input: GrantInput): Promise<WireMembership> {
    const plan = await this.requirePlan(input.planId);
    const memberId = await this.requireMember(input);
    const row = await store.insertMembership(this.deps.db, {
      plan_id: plan.id,
      member_id: memberId,
      expires_at: input.expiresAt ?? null,
      credits_remaining: input.credits !== undefined ? input.credits : plan.credits,
    });
    return this.get(row.id);
  }

  /** A member's memberships (expired and used-up ones too, with why they cannot pay), oldest first. */
  async listOf(memberId: string): Promise<WireMembership[]> {
    if (!isUuid(memberId)) return [];
    const now = this.now();
    return (await store.listMembershipsOf(this.deps.db, memberId)).map((membership) => membershipView(membership, now));
  }

  /**
   * The memberships of a member (by id or e-mail), of a plan, or of that member in that plan, oldest
   * first, a page at a time. A member or plan that does not exist is an error rather than an empty
   * list: the merchant typed it, and "nobody holds it" would hide the typo.
   * @throws DomainError MEMBER_NOT_FOUND, MEMBERSHIP_PLAN_NOT_FOUND
   */
  async list(filter: MembershipFilter, page: { limit: number; offset: number }): Promise<{ memberships: WireMembership[]; total: number }> {
    const memberId = filter.memberId !== undefined || filter.memberEmail !== undefined ? await this.requireMember(filter) : undefined;
    const planId = filter.planId !== undefined ? (await this.requirePlan(filter.planId)).id : undefined;
    const keys = { memberId, planId };
    const [rows, total] = await Promise.all([store.listMemberships(this.deps.db, keys, page), store.countMemberships(this.deps.db, keys)]);
    const now = this.now();
    return { memberships: rows.map((membership) => membershipView(membership, now)), total };
  }

  /** @throws DomainError MEMBERSHIP_NOT_FOUND */
  async get(id: string): Promise<WireMembership> {
    const row = isUuid(id) ? await store.findMembership(this.deps.db, id) : undefined;
    if (!row) throw new DomainError(PricingErrors.MEMBERSHIP_NOT_FOUND, { id });
    return membershipView(row, this.now());
  }

  /** Takes a membership back. @throws DomainError MEMBERSHIP_NOT_FOUND */
  async revoke(id: string): Promise<void> {
    if (!isUuid(id) || !(await store.deleteMembership(this.deps.db, id))) throw new DomainError(PricingErrors.MEMBERSHIP_NOT_FOUND, { id });
  }

  /** The id of the member named by id or e-mail. @throws DomainError MEMBER_NOT_FOUND */
  async memberIdOf(ref: string): Promise<string> {
    const id = await this.findMember(isUuid(ref) ? { memberId: ref } : { memberEmail: ref });
    if (!id) throw new DomainError(PricingErrors.MEMBER_NOT_FOUND, { member: ref }, 'No member has this id or e-mail');
    return id;
  }

  /** The id of the plan named by id or name (the oldest of that name). @throws DomainError MEMBERSHIP_PLAN_NOT_FOUND */
  async planIdOf(ref: string): Promise<string> {
    const row = isUuid(ref) ? await store.findPlan(this.deps.db, ref) : await store.findPlanByName(this.deps.db, ref);
    if (!row) throw new DomainError(PricingErrors.MEMBERSHIP_PLAN_NOT_FOUND, { plan: ref }, 'No membership plan has this id or name');
    return row.id;
  }

  private async checkScope(scope: ScopeKindName, scopeIds: string[]): Promise<void> {
    rejectViolations(planViolations({ scope, scopeIds }));
    await requireScopeIds(this.deps.catalog, scope, scopeIds);
  }

  /** The id of the member named by `memberId` or `memberEmail`. @throws DomainError MEMBER_NOT_FOUND */
  private async requireMember(ref: MemberRef): Promise<string> {
    const id = await this.findMember(ref);
    if (id) return id;
    if (ref.memberEmail !== undefined) {
      throw new DomainError(PricingErrors.MEMBER_NOT_FOUND, { memberEmail: ref.memberEmail }, 'No member has this e-mail');
    }
    throw new DomainError(PricingErrors.MEMBER_NOT_FOUND, { memberId: ref.memberId ?? '' });
  }

  /** The member named by e-mail when one is given, else by id; undefined when there is none. */
  private async findMember(ref: MemberRef): Promise<string | undefined> {
    if (ref.memberEmail !== undefined) return store.findMemberIdByEmail(this.deps.db, ref.memberEmail);
    const id = ref.memberId ?? '';
    return isUuid(id) && (await store.memberExists(this.deps.db, id)) ? id : undefined;
  }

  private async requirePlan(id: string) {
    const row = isUuid(id) ? await store.findPlan(this.deps.db, id) : undefined;
    if (!row) throw new DomainError(PricingErrors.MEMBERSHIP_PLAN_NOT_FOUND, { id });
    return row;
  }
}
