/**
 * The order-status link of every order (issue #20, point 4): `/orders/{id}/status?token=…`, where the
 * token is the HMAC-SHA256 of the order id under a secret kept in the database. Whoever holds the link
 * (the buyer, from the e-mails) sees the order; nobody can make one for another order. Links do not
 * expire; `rotate()` retires the secret, so every link issued before stops working.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { detachedFromTransaction } from '../../platform/db/transaction-scope.js';
import { sameSecret } from '../../platform/secrets.js';
import { findActiveLinkSecret, insertLinkSecretIfNone, retireLinkSecrets } from './order-link-store.js';

/** How often a process re-reads the secret while making links (another process may have rotated it). */
const SECRET_REFRESH_MS = 60 * 1000;

export class OrderStatusLinks {
  private secret?: string;
  private loadedAt = 0;
  private reloading?: Promise<void>;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      publicUrl: string;
    },
  ) {}

  /** Makes the first secret (first start) and loads the active one. */
  async init(): Promise<void> {
    await insertLinkSecretIfNone(this.deps.db, newSecret());
    await this.reload();
  }

  /**
   * The order's status page, signed: the link the e-mails carry.
   * @example mail.text += `Your order: ${links.orderStatusUrl(order)}`;
   */
  orderStatusUrl(order: { id: string }): string {
    if (!this.secret) throw new Error('order-status links used before init()');
    if (Date.now() - this.loadedAt > SECRET_REFRESH_MS) this.reloadInBackground();
    return `${this.deps.publicUrl}/orders/${encodeURIComponent(order.id)}/status?token=${tokenOf(this.secret, order.id)}`;
  }

  /** Whether `token` is the current link's token of the order (compared in constant time). */
  async verify(orderId: string, token: string): Promise<boolean> {
    await this.reload();
    return !!this.secret && sameSecret(tokenOf(this.secret, orderId), token);
  }

  /** Retires the secret and makes a new one: every link issued before stops working. */
  async rotate(): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      await retireLinkSecrets(trx);
      await insertLinkSecretIfNone(trx, newSecret());
    });
    await this.reload();
  }

  private async reload(): Promise<void> {
    this.loadedAt = Date.now();
    this.secret = (await findActiveLinkSecret(this.deps.db)) ?? this.secret;
  }

  private reloadInBackground(): void {
    if (this.reloading) return;
    // Links are made inside transactions too (PGlite has one connection): the re-read waits for it, detached.
    this.reloading = detachedFromTransaction(() => this.reload()).finally(() => {
      this.reloading = undefined;
    });
    // A failed re-read keeps the secret this process has; the next link tries again.
    this.reloading.catch(() => undefined);
  }
}

const newSecret = () => randomBytes(32).toString('base64url');

/** The link's token: HMAC-SHA256 of the order id, base64url. */
function tokenOf(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order-status:${orderId}`).digest('base64url');
}
