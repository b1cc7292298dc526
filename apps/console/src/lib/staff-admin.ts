/**
 * The shop's staff through `@vitrine/sdk/admin`'s `merchants` (issue #24): who is signed in and their
 * role (every merchant), and for the owner the merchants and invites, invited and removed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import { MerchantRole } from '@vitrine/sdk';
import { merchantApi } from './console-client.js';

const STAFF = ['console', 'merchants'] as const;

/** The signed-in merchant and their role. */
export function useCurrentMerchant() {
  const { client } = useVitrine();
  return useQuery({ queryKey: [...STAFF, 'me'], staleTime: 60_000, queryFn: () => merchantApi(client).merchants.currentMerchant() });
}

/** Whether the signed-in merchant is the owner; false while their role is not known yet (hide rather than show). */
export function useIsOwner(): boolean {
  return useCurrentMerchant().data?.role === MerchantRole.OWNER;
}

export function useMerchantList() {
  const { client } = useVitrine();
  return useQuery({ queryKey: [...STAFF, 'list'], queryFn: () => merchantApi(client).merchants.listMerchants() });
}

export type StaffChange = { kind: 'invite'; email: string; role: MerchantRole } | { kind: 'remove'; id: string };

/** Invites or removes a merchant; the list is read again either way. */
export function useStaffChange() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    /** Resolves to the invited merchant (pending when a link was mailed), or undefined for a removal. */
    mutationFn: async (change: StaffChange) => {
      const { merchants } = merchantApi(client);
      if (change.kind === 'invite') return merchants.inviteMerchant(change.email, change.role);
      await merchants.removeMerchant(change.id);
      return undefined;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...STAFF, 'list'] }),
  });
}
