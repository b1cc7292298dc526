import { describe, expect, it } from 'vitest';
import { shippingRowLabel } from './shipping-row.js';

describe('shippingRowLabel', () => {
  it('names the option chosen after what it is, without brackets around a title that has its own', () => {
    expect(shippingRowLabel({ title: 'Express', pickup: false })).toBe('Shipping: Express');
    expect(shippingRowLabel({ title: 'Store pickup (New York)', pickup: true })).toBe('Pickup: Store pickup (New York)');
  });

  it('says "Shipping" alone before an option is chosen', () => {
    expect(shippingRowLabel(undefined)).toBe('Shipping');
    expect(shippingRowLabel({ title: '', pickup: false })).toBe('Shipping');
  });

  it('says "Pickup" alone for a pickup whose option is named elsewhere (the mails name it under Delivery)', () => {
    expect(shippingRowLabel({ pickup: true })).toBe('Pickup');
  });
});
