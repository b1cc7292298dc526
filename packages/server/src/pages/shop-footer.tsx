import type { ShopProfile } from '../domains/settings/shop-profile.js';

/** Who the buyer asks about an order and where the shop is (its settings); either may be unset. */
export type ShopContact = Pick<ShopProfile, 'contactEmail' | 'address'>;

/**
 * The order pages' footer: "Questions about your order? <contact e-mail>" as a mailto link and the
 * shop's postal address, each only when the merchant set it; nothing at all when neither is.
 */
export function ShopFooter({ shopName, contact }: { shopName: string; contact?: ShopContact }) {
  if (!contact?.contactEmail && !contact?.address) return null;
  return (
    <footer className="shop-footer">
      {contact.contactEmail && (
        <p>
          Questions about your order? <a href={`mailto:${contact.contactEmail}`}>{contact.contactEmail}</a>
        </p>
      )}
      {contact.address && (
        <address>
          {shopName}, {contact.address}
        </address>
      )}
    </footer>
  );
}
