/** Request and answer schemas of the inventory routes (issue #24; Vitrine's merchant API, not in the spec). */
import { MERCHANT_STOCK_REASONS, StockChangeReason } from '@vitrine/sdk';
import { z } from 'zod';
import { MerchantErrorResponses } from '../../platform/http/error-schemas.js';

export const VariantParams = z.strictObject({
  productId: z.uuid().describe('the product'),
  variantId: z.uuid().describe('one of its variants'),
});
export const ProductParams = z.strictObject({ productId: z.uuid().describe('the product') });

/** The SDK repeats a call's path parameters in its query or body: they must be the path's. */
const repeated = z.string().max(200).optional().describe('the path’s id again (the SDK repeats it); must match');

export const HistoryQuery = z.strictObject({
  productId: repeated,
  variantId: repeated,
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('entries answered (1–200, default 50)'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('entries skipped, newest first'),
});

/** One entry of a variant's inventory history. */
const InventoryChange = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string(),
  quantityBefore: z.number().int().nullable().describe('null: the variant did not count its stock before'),
  quantityAfter: z.number().int().nullable().describe('null: the variant does not count its stock since'),
  change: z.number().int().describe('after minus before (a missing count is 0)'),
  reason: z.enum(Object.values(StockChangeReason) as [StockChangeReason, ...StockChangeReason[]]),
  actor: z
    .object({
      identityType: z.enum(['UNKNOWN', 'ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP']),
      id: z.string().nullable(),
      email: z.string().optional().describe('the merchant’s e-mail, for a change made in the console (WIX_USER)'),
    })
    .describe('who: a merchant (WIX_USER), an API key (APP), a shopper placing an order (MEMBER, ANONYMOUS_VISITOR), the system (UNKNOWN)'),
  order: z.object({ id: z.string(), number: z.string().optional() }).nullable().describe('the order that took or gave back the units'),
  note: z.string().nullable(),
  createdDate: z.iso.datetime(),
});
export type WireInventoryChange = z.infer<typeof InventoryChange>;

export const HistoryResponse = z.object({
  changes: z.array(InventoryChange).describe('newest first'),
  total: z.number().int().describe('entries of the variant in all'),
});

export const StockAdjustmentBody = z.strictObject({
  productId: repeated,
  variantId: z
    .uuid()
    .optional()
    .describe('the variant whose quantity is set; required when the product counts stock variant by variant and has several'),
  quantity: z.number().int().min(0).max(1_000_000_000).describe('the new quantity in stock'),
  reason: z.enum(MERCHANT_STOCK_REASONS).describe('why the stock changed'),
  note: z.string().trim().max(500).optional().describe('a few words kept with the entry'),
});
export type StockAdjustmentInput = Omit<z.infer<typeof StockAdjustmentBody>, 'productId'>;

export const ErrorResponses = MerchantErrorResponses;
