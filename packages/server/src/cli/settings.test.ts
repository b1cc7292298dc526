import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';

describe('vitrine settings (#20)', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  const env = () => ({ ...data.env, SHOP_NAME: 'Corner Shop', MAIL_FROM: 'Corner Shop <hello@corner.test>' });
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], env());
  });
  afterAll(() => data?.remove());

  const run = (...argv: string[]) => vitrine(['settings', ...argv], env());

  it('settings show starts from the environment the shop had', async () => {
    const shown = await run('show');
    expect(shown.code).toBe(0);
    expect(shown.out.split('\n')).toEqual([
      'shop name: Corner Shop',
      'contact e-mail: (none)',
      'address: (none)',
      'e-mails from: Corner Shop <hello@corner.test>',
      'time zone: UTC',
      'order-number prefix: (none)',
      'bank transfer: on (no bank details)',
      'cash on delivery: off',
      'pay at pickup: on',
      'card: off (publishable key not set, secret key not set, webhook secret not set)',
    ]);
  });

  it('settings set changes what is given and prints the settings; secrets are never printed', async () => {
    const set = await run(
      'set',
      '--shop-name',
      'Corner Shop Springfield',
      '--order-prefix',
      'CS-',
      '--iban',
      'DE89 3704 0044 0532 0130 00',
      '--account-holder',
      'Corner Shop GmbH',
      '--cash-on-delivery',
      'on',
      '--card-secret-key',
      'sk_test_never_printed',
      '--country',
      'de',
      '--city',
      'Berlin',
      '--postal-code',
      '10115',
    );
    expect(set.code).toBe(0);
    expect(set.out).toContain('shop name: Corner Shop Springfield');
    expect(set.out).toContain('order-number prefix: CS-');
    expect(set.out).toContain('address: 10115, Berlin, DE');
    expect(set.out).toContain('bank transfer: on (Corner Shop GmbH, IBAN DE89370400440532013000)');
    expect(set.out).toContain('cash on delivery: on');
    expect(set.out).toContain('secret key set');
    expect(set.out).not.toContain('sk_test_never_printed');
    const json = JSON.parse((await run('show', '--json')).out);
    expect(json).toMatchObject({ shopName: 'Corner Shop Springfield', payments: { card: { secretKeySet: true } } });
    expect(JSON.stringify(json)).not.toContain('sk_test_never_printed');
  });

  it.each([
    [['--iban', 'DE00 1234'], '--iban is not valid: check the country code, the length and the check digits'],
    [['--time-zone', 'Mars/Base'], '--time-zone must be an IANA time zone such as "Europe/Berlin" or "America/New_York"'],
    [['--cash-on-delivery', 'yes'], "--cash-on-delivery 'yes' must be on or off"],
    [['--sender-email', 'a@b.test'], '--sender-name is required'],
    [
      ['--bank-transfer', 'off', '--cash-on-delivery', 'off', '--pay-at-pickup', 'off'],
      'settings set: Keep at least one payment method turned on',
    ],
    [[], 'nothing to set'],
  ])('settings set %j is refused: %s', async (argv, message) => {
    const refused = await run('set', ...argv);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(message);
  });
});
