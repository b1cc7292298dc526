/** The inventory history in words (issue #24): why stock changed and who changed it, as the console shows them. */
import type { InventoryChange, MerchantStockReason } from '@vitrine/sdk';

/** The reasons a merchant picks from, in the order offered. */
export const MERCHANT_REASON_LABELS: Record<MerchantStockReason, string> = {
  RECEIVED: 'Received',
  CORRECTION: 'Correction (a count)',
  DAMAGED: 'Damaged or lost',
  RETURNED: 'Returned',
  OTHER: 'Other',
};

/** Why an entry's stock changed; the order's number where an order did it. */
export function reasonText(change: InventoryChange): string {
  const order = change.order?.number ?? change.order?._id ?? '';
  switch (change.reason) {
    case 'INITIAL':
      return 'Initial stock';
    case 'ORDER':
      return `Order ${order}`;
    case 'CANCELLATION':
      return `Order ${order} cancelled`;
    case 'REFUND':
      return `Order ${order} refunded`;
    case undefined:
      return '';
    default:
      return MERCHANT_REASON_LABELS[change.reason];
  }
}

/** Who made an entry's change. */
export function actorText(change: InventoryChange): string {
  switch (change.actor?.identityType) {
    case 'WIX_USER':
      return change.actor.email ?? 'A merchant (console)';
    case 'APP':
      return 'An API key';
    case 'MEMBER':
      return 'A member’s order';
    case 'ANONYMOUS_VISITOR':
      return 'A guest’s order';
    default:
      return 'The system';
  }
}

/** A signed change: "+6", "−3" (a real minus sign). */
export const changeText = (change: number | undefined) => (!change ? '0' : change > 0 ? `+${change}` : `−${-change}`);
