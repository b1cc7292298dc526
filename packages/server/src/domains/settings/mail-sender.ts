import { formatMailbox } from '../../platform/mail/mailbox.js';
import type { ShopSettings } from './shop-settings.js';

/** The From of the shop's mails, read from its settings at each mail (a sender changed applies to the next one). */
export function senderOf(settings: { current(): Promise<Pick<ShopSettings, 'sender'>> }): () => Promise<string> {
  return async () => formatMailbox((await settings.current()).sender);
}
