import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../../test/support/http.js';
import { merchantCall, violationRules } from '../../../test/support/merchant-api.js';
import { CORNER_SHOP_BANK } from '../../../test/support/shop-settings.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';

const PATH = '/_api/vitrine/v1/shop-settings';
const IBAN = 'DE89 3704 0044 0532 0130 00';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    SHOP_NAME: 'Corner Shop',
    MAIL_FROM: 'Corner Shop Orders <orders@corner.test>',
    PAYMENT_BANK_TRANSFER_INSTRUCTIONS: 'Pay {total} within 14 days, reference {number}.',
  });
});
afterAll(() => server?.close());

const patch = (body: unknown) => merchantCall(server, 'PATCH', PATH, body);

describe('shop settings API (#20)', () => {
  it('starts from the environment the shop had: name, sender, bank-transfer text; bank transfer and pay on pickup on', async () => {
    const got = await merchantCall(server, 'GET', PATH);
    expect(got.status).toBe(200);
    expect(got.body.settings).toMatchObject({
      shopName: 'Corner Shop',
      contactEmail: null,
      address: null,
      sender: { name: 'Corner Shop Orders', email: 'orders@corner.test' },
      timeZone: 'UTC',
      orderNumberPrefix: '',
      payments: {
        card: { enabled: false, publishableKey: null, secretKeySet: false, webhookSecretSet: false },
        bankTransfer: { enabled: true, iban: null, instructions: 'Pay {total} within 14 days, reference {number}.' },
        cashOnDelivery: { enabled: false },
        payAtPickup: { enabled: true },
      },
    });
  });

  it('keeps what the merchant changed, in its stored form (IBAN without spaces, the time zone as IANA spells it)', async () => {
    const changed = await patch({
      contactEmail: 'hello@corner.test',
      address: { addressLine: '1 Main St', city: 'Springfield', postalCode: '62701', subdivision: 'il', country: 'us' },
      timeZone: 'europe/berlin',
      // as a merchant types them: the IBAN grouped by four, the BIC in small letters
      payments: { bankTransfer: { ...CORNER_SHOP_BANK, iban: IBAN, bic: 'cobadeffxxx' } },
    });
    expect(changed.status).toBe(200);
    const got = (await merchantCall(server, 'GET', PATH)).body.settings;
    expect(got).toMatchObject({
      shopName: 'Corner Shop',
      contactEmail: 'hello@corner.test',
      address: { subdivision: 'US-IL', country: 'US', city: 'Springfield' },
      timeZone: 'Europe/Berlin',
      payments: {
        bankTransfer: {
          enabled: true,
          ...CORNER_SHOP_BANK,
          instructions: 'Pay {total} within 14 days, reference {number}.',
        },
      },
    });
    expect(changed.body.settings).toEqual(got);
  });

  it('clears a detail set to null', async () => {
    await patch({ payments: { bankTransfer: { bankName: 'To be cleared' } } });
    const cleared = await patch({ payments: { bankTransfer: { bankName: null } } });
    expect(cleared.body.settings.payments.bankTransfer.bankName).toBeNull();
  });

  it.each([
    [{ shopName: '' }, 'shopName: MIN_LENGTH'],
    [{ shopName: 'x'.repeat(101) }, 'shopName: MAX_LENGTH'],
    [{ contactEmail: 'not an address' }, 'contactEmail: FORMAT'],
    [{ address: { country: 'XX' } }, 'address.country: VALIDATION'],
    [{ sender: { name: 'Shop', email: 'nowhere' } }, 'sender.email: FORMAT'],
    [{ sender: { email: 'shop@corner.test' } }, 'sender.name: REQUIRED_FIELD'],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone: VALIDATION'],
    [{ timeZone: '+01:00' }, 'timeZone: VALIDATION'],
    [{ orderNumberPrefix: 'SHOP 1' }, 'orderNumberPrefix: FORMAT'],
    [{ orderNumberPrefix: 'A1' }, 'orderNumberPrefix: FORMAT'],
    [{ orderNumberPrefix: 'MUCH-TOO-LONG-' }, 'orderNumberPrefix: FORMAT'],
    [{ payments: { bankTransfer: { iban: 'DE89 3704 0044 0532 0130 01' } } }, 'payments.bankTransfer.iban: VALIDATION'],
    [{ payments: { bankTransfer: { bic: 'NOT A BIC' } } }, 'payments.bankTransfer.bic: VALIDATION'],
    [{ payments: { cashOnDelivery: { enabled: 'yes' } } }, 'payments.cashOnDelivery.enabled: VALIDATION'],
    [{ payments: { cheque: { enabled: true } } }, 'payments.cheque: FIELD_NOT_ALLOWED'],
    [{ currency: 'EUR' }, 'currency: FIELD_NOT_ALLOWED'],
  ])('refuses %j with a field violation', async (body, violation) => {
    const before = (await merchantCall(server, 'GET', PATH)).body.settings;
    expect(violationRules(await patch(body))).toEqual([violation]);
    expect((await merchantCall(server, 'GET', PATH)).body.settings).toEqual(before);
  });

  it('says why an IBAN is refused', async () => {
    const refused = await patch({ payments: { bankTransfer: { iban: 'DE00 1234' } } });
    expect(refused.body.details.validationError.fieldViolations[0].description).toBe(
      'is not valid: check the country code, the length and the check digits',
    );
  });

  it('keeps at least one payment method on', async () => {
    const refused = await patch({
      payments: { bankTransfer: { enabled: false }, cashOnDelivery: { enabled: false }, payAtPickup: { enabled: false } },
    });
    expect(violationRules(refused)).toEqual(['payments: VALIDATION']);
    expect(refused.body.details.validationError.fieldViolations[0].description).toBe('Keep at least one payment method turned on');
    expect((await merchantCall(server, 'GET', PATH)).body.settings.payments.bankTransfer.enabled).toBe(true);
  });

  it('never answers the card secrets, only that they are set', async () => {
    const secretKey = `sk_test_${crypto.randomUUID()}`;
    const webhookSecret = `whsec_${crypto.randomUUID()}`;
    const set = await patch({ payments: { card: { publishableKey: 'pk_test_123', secretKey, webhookSecret } } });
    expect(set.body.settings.payments.card).toEqual({
      enabled: false,
      publishableKey: 'pk_test_123',
      secretKeySet: true,
      webhookSecretSet: true,
    });
    const got = await merchantCall(server, 'GET', PATH);
    expect(JSON.stringify(got.body)).not.toContain(secretKey);
    expect(JSON.stringify(got.body)).not.toContain(webhookSecret);
    // The server's own readers (a card provider) get them.
    expect((await server.services.settings.current()).payments.card).toMatchObject({ secretKey, webhookSecret });
    const cleared = await patch({ payments: { card: { secretKey: null } } });
    expect(cleared.body.settings.payments.card).toMatchObject({ secretKeySet: false, webhookSecretSet: true });
  });

  it('turns the card on only with its keys', async () => {
    const refused = await patch({ payments: { card: { enabled: true, publishableKey: null, secretKey: null, webhookSecret: null } } });
    expect(violationRules(refused)).toEqual([
      'payments.card.publishableKey: REQUIRED_FIELD',
      'payments.card.secretKey: REQUIRED_FIELD',
      'payments.card.webhookSecret: REQUIRED_FIELD',
    ]);
  });

  it('is the merchant’s only', async () => {
    const anonymous = await send(`${server.url}${PATH}`);
    expect(anonymous.status).toBe(401);
    const wrongKey = await send(`${server.url}${PATH}`, { method: 'PATCH', headers: { authorization: 'vmk_nobody_at_all_here_1234567' } });
    expect([401, 403]).toContain(wrongKey.status);
  });

  it('names the shop on the hosted pages as its settings say, at once', async () => {
    await patch({ shopName: 'Corner Shop Springfield' });
    const missing = await send(`${server.url}/no-such-page`, { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Corner Shop Springfield');
    const reset = await send(`${server.url}/account/reset-password?token=whatever`, { headers: { accept: 'text/html' } });
    expect(reset.text).toContain('Corner Shop Springfield');
    await patch({ shopName: 'Corner Shop' });
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await send(`${server.url}/openapi.json`)).body;
    expect(Object.keys(doc.paths[PATH])).toEqual(['get', 'patch']);
  });
});
