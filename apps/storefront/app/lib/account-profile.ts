/**
 * The member's profile on the account page: their names and login e-mail read and edited through
 * the shop's GraphQL (`currentMember`, `updateCurrentMemberProfile`), and the password changed
 * through the spec's `change-password` call. Cached under the account's keys (`accountKeys`), so
 * signing out forgets it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine, type VitrineClient } from '@vitrine/react';
import { accountKeys, useForgetOnSignOut } from './account-orders.js';
import { shopAccount } from './shop-client.js';

/** The signed-in member as the profile section shows it. */
export interface MemberProfile {
  id: string;
  loginEmail: string;
  firstName: string | null;
  lastName: string | null;
  nickname: string | null;
  createdDate: string;
}

/** The names a member edits: a text replaces, an empty text removes. */
export type NamesDraft = Pick<MemberProfile, 'firstName' | 'lastName' | 'nickname'>;

const FIELDS = 'id loginEmail firstName lastName nickname createdDate';
const READ = `query AccountProfile { currentMember { ${FIELDS} } }`;
const UPDATE = `mutation UpdateAccountProfile($input: MemberProfileInput!) { updateCurrentMemberProfile(input: $input) { ${FIELDS} } }`;

/** A GraphQL error as the SDK's errors look (message plus the server's details), for the same messages. */
class GraphqlCallError extends Error {
  constructor(
    message: string,
    readonly details?: { applicationError?: { description?: string } },
  ) {
    super(message);
    this.name = 'GraphqlCallError';
  }
}

/** Runs one operation and answers its data, or throws its first error. */
async function run<T>(client: VitrineClient, query: string, variables?: Record<string, unknown>): Promise<T> {
  const { data, errors } = await client.graphql<T>(query, variables);
  const first = errors?.[0];
  if (first) throw new GraphqlCallError(first.message, first.extensions as GraphqlCallError['details']);
  return data;
}

export const memberProfileQueryOptions = (client: VitrineClient) =>
  queryOptions({
    queryKey: accountKeys.profile(),
    queryFn: async () => (await run<{ currentMember: MemberProfile | null }>(client, READ)).currentMember,
  });

/** The signed-in member's profile (null when the server no longer knows them); asks nothing for a visitor. */
export function useMemberProfile(isMember: boolean) {
  const { client } = useVitrine();
  useForgetOnSignOut(isMember);
  return useQuery({ ...memberProfileQueryOptions(client), enabled: isMember });
}

/** Saves the member's names; the answer (what the server stored) becomes the cached profile. */
export function useUpdateNames() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (names: NamesDraft) =>
      (await run<{ updateCurrentMemberProfile: MemberProfile }>(client, UPDATE, { input: names })).updateCurrentMemberProfile,
    onSuccess: (profile) => queryClient.setQueryData(accountKeys.profile(), profile),
  });
}

/** Sets a new password for the signed-in member. */
export function useChangePassword() {
  const { client } = useVitrine();
  return useMutation({ mutationFn: (newPassword: string) => shopAccount(client).changePassword(newPassword) });
}

/** What the member is called: their full name, else their nickname, else nothing. */
export function displayName(draft: NamesDraft): string {
  return [draft.firstName, draft.lastName].filter(Boolean).join(' ') || draft.nickname || '';
}
