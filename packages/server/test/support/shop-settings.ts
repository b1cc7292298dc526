/** A shop's bank account as the tests enter it in the shop settings (#20): a valid German IBAN and BIC. */
export const CORNER_SHOP_BANK = {
  accountHolder: 'Corner Shop GmbH',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
} as const;
