/**
 * The merchant's membership plans and the memberships granted to members, through the SDK's
 * `memberships` module: the plans, one plan, a page of memberships (a plan's or a member's), and the
 * writes.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine, vitrineKeys } from '@vitrine/react';
import type { ListMembershipsOptions, MembershipGrant, MembershipPlan } from '@vitrine/sdk';
import { merchantApi } from './console-client.js';

const MEMBERSHIPS = ['console', 'memberships'] as const;

export function usePlanList() {
  const { client } = useVitrine();
  return useQuery({ queryKey: [...MEMBERSHIPS, 'plans'], queryFn: () => merchantApi(client).memberships.listMembershipPlans() });
}

export function usePlan(planId: string) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: [...MEMBERSHIPS, 'plan', planId],
    queryFn: () => merchantApi(client).memberships.getMembershipPlan(planId),
  });
}

/** A page of memberships: a plan's (`planId`) or a member's (`memberEmail`); nothing is asked without either. */
export function useMembershipList(options: ListMembershipsOptions) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: [...MEMBERSHIPS, 'list', options],
    enabled: Boolean(options.planId || options.memberEmail),
    placeholderData: keepPreviousData,
    // an e-mail nobody has is an answer to show, not a failure to retry
    retry: false,
    queryFn: () => merchantApi(client).memberships.listMemberships(options),
  });
}

export type MembershipChange =
  | { kind: 'create-plan'; plan: MembershipPlan }
  | { kind: 'update-plan'; id: string; plan: MembershipPlan }
  | { kind: 'delete-plan'; id: string }
  | { kind: 'grant'; grant: MembershipGrant }
  | { kind: 'revoke'; id: string };

/** A write; every plan and membership read is then stale, and so is any member's estimate (what memberships can pay). */
export function useMembershipChange() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    /** Resolves to what was written (the plan, the membership), or nothing for a deletion. */
    mutationFn: async (change: MembershipChange): Promise<{ _id?: string } | undefined> => {
      const api = merchantApi(client).memberships;
      switch (change.kind) {
        case 'create-plan':
          return api.createMembershipPlan(change.plan);
        case 'update-plan':
          return api.updateMembershipPlan(change.id, change.plan);
        case 'grant':
          return api.grantMembership(change.grant);
        case 'delete-plan':
          await api.deleteMembershipPlan(change.id);
          return undefined;
        default:
          await api.revokeMembership(change.id);
          return undefined;
      }
    },
    onSettled: (_answer, error, change) => {
      // a deleted plan's reads (the plan, its memberships) are not asked again: its page is on its way out
      const gone = change.kind === 'delete-plan' && !error ? change.id : undefined;
      const about = (key: readonly unknown[]) =>
        key.some((part) => part === gone || (typeof part === 'object' && part !== null && 'planId' in part && part.planId === gone));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: MEMBERSHIPS, predicate: (query) => !gone || !about(query.queryKey) }),
        queryClient.invalidateQueries({ queryKey: vitrineKeys.cart() }),
      ]);
    },
  });
}
