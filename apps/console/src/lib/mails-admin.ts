/** The buyer's mails through the SDK's `mails` module: previews and the outbox. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import type { OrderMailKind } from '@vitrine/sdk';
import { merchantApi } from './console-client.js';

const MAILS = ['console', 'mails'] as const;

/** The mail of `kind` rendered for the order `orderId` (id or number; empty: the newest, or a sample). */
export function useMailPreview(kind: OrderMailKind, orderId: string) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: [...MAILS, 'preview', kind, orderId],
    queryFn: () => merchantApi(client).mails.previewMail(kind, orderId ? { orderId } : {}),
    retry: false,
  });
}

/** The newest mails of the outbox. */
export function useOutbox() {
  const { client } = useVitrine();
  return useQuery({ queryKey: [...MAILS, 'outbox'], queryFn: () => merchantApi(client).mails.listOutbox({ limit: 50 }) });
}

/** Sends a failed mail again now; the outbox then shows how it went. */
export function useRetryMail() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => merchantApi(client).mails.retryMail(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...MAILS, 'outbox'] }),
  });
}
