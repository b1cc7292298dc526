/**
 * Partial fulfilment with carriers (#20): several fulfilments per order, each for chosen lines and
 * quantities, the order's fulfilment status following, the carrier's tracking link, and the
 * refusals (more than remains, an unknown line, a canceled order, a tracking URL that is not https)
 * that change nothing.
 */
import { describe, expect, it } from 'vitest';
import { merchantClient } from '../../../test/support/checkout-fixtures.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { appError, eventTypesOf, lastEventEntity, orderAction, twoLineOrder } from '../../../test/support/order-fixtures.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';

const server = usShippingServerForFile();

const fulfil = (id: string, body: unknown = {}) => orderAction(server, id, 'fulfill', body);
const readOrder = async (id: string) => (await merchantCall(server, 'GET', `/ecom/v1/orders/${id}`)).body.order;

describe('fulfilments', () => {
  it('fulfils some units (PARTIALLY_FULFILLED), then the rest (FULFILLED), each with its carrier and tracking link', async () => {
    const { order, mugLine, teeLine } = await twoLineOrder(server);
    expect(order.fulfillmentStatus).toBe('NOT_FULFILLED');
    expect(order.fulfillments).toEqual([]);
    const first = await fulfil(order.id, {
      lineItems: [
        { lineItemId: mugLine, quantity: 2 },
        { lineItemId: teeLine, quantity: 1 },
      ],
      carrier: 'UPS',
      trackingNumber: '1Z 999',
    });
    expect(first.status).toBe(200);
    const partial = first.body.order;
    expect(partial.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(partial.fulfillments).toEqual([
      {
        id: expect.any(String),
        createdDate: partial.updatedDate,
        lineItems: [
          { lineItemId: mugLine, quantity: 2 },
          { lineItemId: teeLine, quantity: 1 },
        ],
        carrier: { code: 'UPS', name: 'UPS' },
        trackingNumber: '1Z 999',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z%20999',
      },
    ]);
    expect(partial.lineItems.map((lineItem: { fulfilledQuantity: number }) => lineItem.fulfilledQuantity)).toEqual([2, 1]);
    // the latest tracking is the order's; fulfilledDate waits for the last unit
    expect(partial.fulfillmentInfo).toBeUndefined();

    const rest = (await fulfil(order.id, { carrier: 'OTHER', trackingNumber: 'P-2', trackingUrl: 'https://parcels.example/P-2' })).body
      .order;
    expect(rest.fulfillmentStatus).toBe('FULFILLED');
    expect(rest.fulfillments[1]).toMatchObject({
      lineItems: [{ lineItemId: teeLine, quantity: 2 }],
      carrier: { code: 'OTHER', name: 'Other' },
      trackingUrl: 'https://parcels.example/P-2',
    });
    expect(rest.fulfillmentInfo).toEqual({
      fulfilledDate: rest.updatedDate,
      trackingNumber: 'P-2',
      trackingUrl: 'https://parcels.example/P-2',
    });
    expect(rest.lineItems.map((lineItem: { fulfilledQuantity: number }) => lineItem.fulfilledQuantity)).toEqual([2, 3]);
    expect(await eventTypesOf(server, order.id)).toEqual(['order.created', 'order.updated', 'order.updated']);
    expect((await lastEventEntity(server, order.id)).fulfillments).toHaveLength(2);
  });

  it('fulfils what remains when no lines are named (the whole-order call)', async () => {
    const { order, teeLine } = await twoLineOrder(server);
    await fulfil(order.id, { lineItems: [{ lineItemId: teeLine, quantity: 3 }] });
    const done = (await fulfil(order.id)).body.order;
    expect(done.fulfillmentStatus).toBe('FULFILLED');
    expect(done.fulfillments.map((fulfillment: { lineItems: unknown }) => fulfillment.lineItems)).toEqual([
      [{ lineItemId: teeLine, quantity: 3 }],
      [{ lineItemId: order.lineItems[0].id, quantity: 2 }],
    ]);
    expect(appError(await fulfil(order.id))).toEqual([409, 'ORDER_ALREADY_FULFILLED']);
  });

  it('refuses more units than remain (FULFILLMENT_EXCEEDS_ORDER, 409), recording nothing', async () => {
    const { order, teeLine } = await twoLineOrder(server);
    const tooMany = await fulfil(order.id, { lineItems: [{ lineItemId: teeLine, quantity: 4 }] });
    expect(appError(tooMany)).toEqual([409, 'FULFILLMENT_EXCEEDS_ORDER']);
    expect(tooMany.body.details.applicationError.data).toEqual({ orderId: order.id, lineItemId: teeLine, remaining: 3, requested: 4 });
    await fulfil(order.id, { lineItems: [{ lineItemId: teeLine, quantity: 2 }] });
    const beyond = await fulfil(order.id, { lineItems: [{ lineItemId: teeLine, quantity: 2 }] });
    expect(appError(beyond)).toEqual([409, 'FULFILLMENT_EXCEEDS_ORDER']);
    expect(beyond.body.details.applicationError.data).toMatchObject({ remaining: 1, requested: 2 });
    const now = await readOrder(order.id);
    expect(now.fulfillments).toHaveLength(1);
    expect(await eventTypesOf(server, order.id)).toEqual(['order.created', 'order.updated']);
  });

  it('refuses a line the order does not have (ORDER_LINE_NOT_FOUND, 400) and a canceled order (ORDER_CANCELED)', async () => {
    const { order, mugLine } = await twoLineOrder(server);
    const unknown = crypto.randomUUID();
    const answer = await fulfil(order.id, {
      lineItems: [
        { lineItemId: mugLine, quantity: 1 },
        { lineItemId: unknown, quantity: 1 },
      ],
    });
    expect(appError(answer)).toEqual([400, 'ORDER_LINE_NOT_FOUND']);
    expect(answer.body.details.applicationError.data).toEqual({ orderId: order.id, lineItemId: unknown });
    expect((await readOrder(order.id)).fulfillmentStatus).toBe('NOT_FULFILLED');
    await orderAction(server, order.id, 'cancel');
    expect(appError(await fulfil(order.id, { lineItems: [{ lineItemId: mugLine, quantity: 1 }] }))).toEqual([409, 'ORDER_CANCELED']);
  });

  it('refuses to cancel an order partly fulfilled (ORDER_FULFILLED)', async () => {
    const { order, mugLine } = await twoLineOrder(server);
    await fulfil(order.id, { lineItems: [{ lineItemId: mugLine, quantity: 1 }] });
    expect(appError(await orderAction(server, order.id, 'cancel'))).toEqual([409, 'ORDER_FULFILLED']);
  });

  it.each([
    [{ trackingUrl: 'http://parcels.example/1' }, 'trackingUrl', 'must be an https URL'],
    [{ carrier: 'OTHER', trackingUrl: 'javascript:alert(1)' }, 'trackingUrl', 'must be an https URL'],
    [
      { carrier: 'DHL_EXPRESS', trackingUrl: 'https://parcels.example/1' },
      'trackingUrl',
      "is made from the carrier's tracking page: give one only with carrier OTHER",
    ],
    [{ carrier: 'PONY_EXPRESS' }, 'carrier', expect.stringMatching(/^must be one of "UPS", "FEDEX", .*"OTHER"$/)],
    [{ lineItems: [] }, 'lineItems', 'Too small: expected array to have >=1 items'],
    [{ lineItems: [{ lineItemId: 'a', quantity: 0 }] }, 'lineItems[0].quantity', 'Too small: expected number to be >=1'],
    [{ lineItems: [{ lineItemId: 'a', quantity: 1.5 }] }, 'lineItems[0].quantity', 'must be an int'],
    [
      {
        lineItems: [
          { lineItemId: 'a', quantity: 1 },
          { lineItemId: 'a', quantity: 1 },
        ],
      },
      'lineItems',
      'must name each line once',
    ],
  ])('refuses the body %j naming %s', async (body, field, description) => {
    const { order } = await twoLineOrder(server);
    const answer = await fulfil(order.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body.details.validationError.fieldViolations).toEqual([expect.objectContaining({ field, description })]);
    expect((await readOrder(order.id)).updatedDate).toBe(order.updatedDate);
  });

  it('makes each known carrier’s link from its https template', async () => {
    const { order, mugLine, teeLine } = await twoLineOrder(server);
    await fulfil(order.id, { lineItems: [{ lineItemId: mugLine, quantity: 1 }], carrier: 'COLISSIMO', trackingNumber: '6A123' });
    const second = await fulfil(order.id, { lineItems: [{ lineItemId: teeLine, quantity: 1 }], carrier: 'ROYAL_MAIL' });
    const [colissimo, royalMail] = second.body.order.fulfillments;
    expect(colissimo.trackingUrl).toBe('https://www.laposte.fr/outils/suivre-vos-envois?code=6A123');
    expect(colissimo.carrier.name).toBe('La Poste / Colissimo');
    // no number, no link
    expect(royalMail).not.toHaveProperty('trackingUrl');
  });
});

describe('fulfilments through the SDK', () => {
  it('fulfillOrder sends lines and carrier and resolves to the order with its fulfilments, dates as Dates', async () => {
    const { order, teeLine } = await twoLineOrder(server);
    const fulfilled = await merchantClient(server).orders.fulfillOrder(order.id, {
      lineItems: [{ lineItemId: teeLine, quantity: 2 }],
      carrier: 'DPD',
      trackingNumber: '0123',
    });
    expect(fulfilled.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(fulfilled.fulfillments).toEqual([
      {
        _id: expect.any(String),
        _createdDate: expect.any(Date),
        lineItems: [{ lineItemId: teeLine, quantity: 2 }],
        carrier: { code: 'DPD', name: 'DPD' },
        trackingNumber: '0123',
        trackingUrl: 'https://tracking.dpd.de/status/en_US/parcel/0123',
      },
    ]);
    expect(fulfilled.lineItems?.find((lineItem) => lineItem._id === teeLine)?.fulfilledQuantity).toBe(2);
  });
});
