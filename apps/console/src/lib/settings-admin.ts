/** The shop's webhooks and API keys through the SDK's `@vitrine/sdk/admin` modules. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import { merchantApi } from './console-client.js';

const WEBHOOKS = ['console', 'webhooks'] as const;
const KEYS = ['console', 'api-keys'] as const;

export function useWebhookList() {
  const { client } = useVitrine();
  return useQuery({ queryKey: [...WEBHOOKS, 'list'], queryFn: () => merchantApi(client).webhooks.listWebhooks() });
}

export function useEventTypes() {
  const { client } = useVitrine();
  return useQuery({
    queryKey: [...WEBHOOKS, 'event-types'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => merchantApi(client).webhooks.listEventTypes(),
  });
}

/** The endpoint's latest deliveries, while `open` (its log is shown). */
export function useDeliveries(webhookId: string, open: boolean) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: [...WEBHOOKS, 'deliveries', webhookId],
    enabled: open,
    queryFn: () => merchantApi(client).webhooks.listDeliveries(webhookId, { limit: 20 }),
  });
}

export function useAddWebhook() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhook: { url: string; eventTypes: string[] }) => merchantApi(client).webhooks.addWebhook(webhook),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS }),
  });
}

export function useRemoveWebhook() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => merchantApi(client).webhooks.removeWebhook(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...WEBHOOKS, 'list'] }),
  });
}

/** Sends a test event now; the endpoint's log then shows it. */
export function useTestWebhook(webhookId: string) {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => merchantApi(client).webhooks.sendTestEvent(webhookId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...WEBHOOKS, 'deliveries', webhookId] }),
  });
}

export function useApiKeyList() {
  const { client } = useVitrine();
  return useQuery({ queryKey: [...KEYS, 'list'], queryFn: () => merchantApi(client).apiKeys.listApiKeys() });
}

export function useApiKeyChange() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { kind: 'create'; name: string } | { kind: 'revoke'; id: string }) => {
      if (change.kind === 'create') return merchantApi(client).apiKeys.createApiKey(change.name);
      await merchantApi(client).apiKeys.revokeApiKey(change.id);
      return undefined;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}
