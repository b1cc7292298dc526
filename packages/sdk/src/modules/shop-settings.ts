/**
 * `shopSettings`: the shop's name, contact, address, e-mail sender, time zone, order-number prefix
 * and payment methods (Vitrine's merchant settings API; the spec has no such calls). Merchant only:
 * an API key or a merchant's console tokens.
 */
import type { ShopSettings } from '../types/index.js';
import { call } from './call.js';

const PATH = '/_api/vitrine/v1/shop-settings';
const SETTINGS = { dates: 'settings.updatedDate', addresses: 'settings.address' };

export const shopSettings = {
  /** The shop's settings; resolves to them (the card's secret keys only as `secretKeySet`/`webhookSecretSet`). */
  getShopSettings: /* @__PURE__ */ call<() => Promise<ShopSettings>>({ route: `GET ${PATH}`, response: SETTINGS, returns: 'settings' }),
  /**
   * Changes the given settings (a text set to null is cleared); resolves to all of them.
   * @example await client.shopSettings.updateShopSettings({ orderNumberPrefix: 'SHOP-', payments: { cashOnDelivery: { enabled: true } } });
   */
  updateShopSettings: /* @__PURE__ */ call<(settings: ShopSettings) => Promise<ShopSettings>>({
    route: `PATCH ${PATH}`,
    args: ['settings{shopName,contactEmail,address,sender,timeZone,orderNumberPrefix,payments}'],
    request: { addresses: 'address' },
    response: SETTINGS,
    returns: 'settings',
  }),
};
