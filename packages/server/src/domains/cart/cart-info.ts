/**
 * The cart fields `updateCurrentCart` may change (`cartInfo`), as a patch of the cart row. With a
 * field mask (`cartFieldmask`) only the named fields change, and a named field left out is cleared.
 */
import type { CartInfoInput } from './schemas.js';
import type { CartPatch } from './store.js';

const FIELDS = ['buyerNote', 'contactInfo', 'buyerInfo.email', 'selectedShippingOption'] as const;
type Field = (typeof FIELDS)[number];

/** The fields a mask names (`buyerNote,contactInfo.address` → buyerNote, contactInfo); unknown paths are ignored. */
export function maskedFields(mask: string | undefined): Set<Field> | undefined {
  if (mask === undefined) return undefined;
  const paths = mask
    .split(',')
    .map((path) => path.trim().replace(/^cartInfo\./, ''))
    .filter(Boolean);
  return new Set(
    FIELDS.filter((field) => paths.some((path) => path === field || path.startsWith(`${field}.`) || field.startsWith(`${path}.`))),
  );
}

function inputValue(info: CartInfoInput, field: Field): unknown {
  if (field === 'buyerInfo.email') return info.buyerInfo?.email;
  return info[field];
}

/** The row patch of a `cartInfo` (fields absent from the input and the mask are left alone). */
export function cartInfoPatch(info: CartInfoInput | undefined, mask: Set<Field> | undefined): CartPatch {
  const patch: CartPatch = {};
  const input = info ?? {};
  for (const field of FIELDS) {
    const value = inputValue(input, field);
    if (mask ? !mask.has(field) : value === undefined) continue;
    const stored = value ?? null;
    if (field === 'buyerNote') patch.buyer_note = stored as string | null;
    else if (field === 'buyerInfo.email') patch.email = stored as string | null;
    else if (field === 'contactInfo') patch.contact_info = stored === null ? null : JSON.stringify(stored);
    else patch.selected_shipping_option = stored === null ? null : JSON.stringify(stored);
  }
  return patch;
}
