/** The spec's paymentOption on the cart's lines and its estimate, as the shop's ways to pay allow (#20). */
import type { CalculatedLineItem, LineItem } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { lineOf, memberClient, stockedProduct, visitorClient } from '../../../test/support/checkout-fixtures.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const server = testServerForFile();

describe('paymentOption on the cart (#20)', () => {
  it('is FULL_PAYMENT_OFFLINE on the lines and in the estimate of a shop paid offline only', async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const shop = visitorClient(server);
    const { cart } = await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
    expect(cart?.lineItems?.map((line: LineItem) => line.paymentOption)).toEqual(['FULL_PAYMENT_OFFLINE']);
    expect((await shop.currentCart.getCurrentCart()).lineItems?.map((line) => line.paymentOption)).toEqual(['FULL_PAYMENT_OFFLINE']);
    const estimate = await shop.currentCart.estimateCurrentCartTotals();
    expect(estimate.calculatedLineItems?.map((line) => line.paymentOption)).toEqual(['FULL_PAYMENT_OFFLINE']);
  });

  it('is MEMBERSHIP for a line a membership pays, the shop’s way to pay for the others', async () => {
    const [tea, mug] = [await stockedProduct(server, { quantity: 5 }), await stockedProduct(server, { quantity: 5 })];
    const { client, memberId } = await memberClient(server);
    const plan = (
      await merchantCall(server, 'POST', '/_api/vitrine/v1/membership-plans', { name: 'Tea club', scope: 'PRODUCTS', scopeIds: [tea._id] })
    ).body.plan;
    const granted = (await merchantCall(server, 'POST', '/_api/vitrine/v1/memberships', { planId: plan.id, memberId })).body.membership;
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [lineOf(tea._id), lineOf(mug._id)] });
    const [teaLine, mugLine] = cart?.lineItems ?? [];
    const estimate = await client.currentCart.estimateCurrentCartTotals({
      selectedMemberships: { memberships: [{ _id: granted.id, lineItemIds: [teaLine?._id as string] }] },
    });
    const options = Object.fromEntries(
      estimate.calculatedLineItems?.map((line: CalculatedLineItem) => [line.lineItemId, line.paymentOption]) ?? [],
    );
    expect(options).toEqual({ [teaLine?._id as string]: 'MEMBERSHIP', [mugLine?._id as string]: 'FULL_PAYMENT_OFFLINE' });
  });
});
