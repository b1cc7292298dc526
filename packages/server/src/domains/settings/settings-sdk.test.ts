/** The shop settings through the SDK's `@vitrine/sdk/admin` `shopSettings` module: what the console's page calls (#20). */
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@vitrine/sdk';
import { shopSettings } from '@vitrine/sdk/admin';
import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile({ SHOP_NAME: 'Corner Shop' });

const merchant = () => createClient({ host: server.url, modules: { shopSettings }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

describe('shop settings through the SDK (#20)', () => {
  it('reads and changes them; the address in the SDK’s shape, the date as a Date', async () => {
    const before = await merchant().shopSettings.getShopSettings();
    expect(before).toMatchObject({ shopName: 'Corner Shop', payments: { bankTransfer: { enabled: true } } });
    expect(before._updatedDate).toBeInstanceOf(Date);
    const after = await merchant().shopSettings.updateShopSettings({
      address: { addressLine1: 'Invalidenstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
      payments: { cashOnDelivery: { enabled: true }, card: { publishableKey: 'pk_test_1', secretKey: 'sk_test_hidden' } },
    });
    expect(after).toMatchObject({
      address: { addressLine1: 'Invalidenstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
      payments: { cashOnDelivery: { enabled: true }, card: { publishableKey: 'pk_test_1', secretKeySet: true } },
    });
    expect(JSON.stringify(after)).not.toContain('sk_test_hidden');
  });

  it('rejects a bad IBAN with a VitrineError naming the field', async () => {
    const error = await thrown(merchant().shopSettings.updateShopSettings({ payments: { bankTransfer: { iban: 'GB00 0000' } } }));
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations?.map((violation) => violation.field)).toEqual([
      'settings.payments.bankTransfer.iban',
    ]);
  });

  it('refuses a shopper', async () => {
    const shopper = createClient({ host: server.url, modules: { shopSettings }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
    expect((await thrown(shopper.shopSettings.getShopSettings())).status).toBe(403);
  });
});
