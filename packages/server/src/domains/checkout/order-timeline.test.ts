/**
 * The order timeline and internal notes (#20, point 7), against the real server: each change of an
 * order is recorded with who made it, newest first; notes are added and removed by merchants only,
 * and no buyer's read of the order carries them.
 */
import { describe, expect, it } from 'vitest';
import { memberClient, merchantClient, placedOrder, stockedProduct } from '../../../test/support/checkout-fixtures.js';
import { type Answer, send } from '../../../test/support/http.js';
import { merchantCall, orderAction, violationRules } from '../../../test/support/merchant-api.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';

const server = usShippingServerForFile();

const act = (id: string, action: string, body?: unknown) => orderAction(server, id, action, body);
const timeline = async (id: string) => (await merchantCall(server, 'GET', `/ecom/v1/orders/${id}/activities`)).body.activities;
const appError = (answer: Answer) => [answer.status, answer.body?.details?.applicationError?.code];
const APP = { identityType: 'APP', appId: expect.any(String) };

async function newOrder(shop?: Awaited<ReturnType<typeof memberClient>>) {
  const mug = await stockedProduct(server, { quantity: 10 });
  return placedOrder(server, [{ productId: mug._id }], shop ? { shop: shop.client } : {});
}

describe('the timeline (#20)', () => {
  it('records placement by the buyer and the confirmation e-mail by the system', async () => {
    const buyer = await memberClient(server);
    const order = await newOrder(buyer);
    const entries = await timeline(order.id);
    expect(entries.map((entry: { kind: string }) => entry.kind)).toEqual(['EMAIL_SENT', 'PLACED']);
    expect(entries[1]).toMatchObject({
      who: { identityType: 'MEMBER', memberId: buyer.memberId },
      detail: { paymentMethod: 'bank-transfer', paymentStatus: 'NOT_PAID' },
    });
    expect(entries[0]).toMatchObject({
      who: { identityType: 'UNKNOWN' },
      detail: { subject: `Your order ${order.number} at ${server.services.config.shopName}` },
    });
  });

  it('records mark-as-paid and fulfil with the API key that did them, and the mail each sent, newest first', async () => {
    const order = await newOrder();
    await act(order.id, 'mark-as-paid');
    await act(order.id, 'fulfill', { trackingNumber: '1Z999', trackingUrl: 'https://track.example/1Z999' });
    const entries = await timeline(order.id);
    expect(entries.map((entry: { kind: string }) => entry.kind)).toEqual([
      'EMAIL_SENT',
      'FULFILLED',
      'EMAIL_SENT',
      'PAID',
      'EMAIL_SENT',
      'PLACED',
    ]);
    expect(entries[1]).toMatchObject({ who: APP, detail: { trackingNumber: '1Z999', trackingUrl: 'https://track.example/1Z999' } });
    expect(entries[3]).toMatchObject({ who: APP, detail: { from: 'NOT_PAID' } });
    expect(entries[0]).toMatchObject({ who: { identityType: 'UNKNOWN' }, detail: { subject: expect.stringContaining('shipped') } });
    expect(Date.parse(entries[1].createdDate)).toBeGreaterThanOrEqual(Date.parse(entries[3].createdDate));
  });

  it('records a cancellation with its reason', async () => {
    const order = await newOrder();
    await act(order.id, 'cancel', { reason: 'Asked by the buyer' });
    const canceled = (await timeline(order.id)).find((activity: { kind: string }) => activity.kind === 'CANCELED');
    expect(canceled).toMatchObject({ who: APP, detail: { reason: 'Asked by the buyer' } });
  });

  it('records nothing for a refused action', async () => {
    const order = await newOrder();
    await act(order.id, 'cancel');
    expect(appError(await act(order.id, 'mark-as-paid'))).toEqual([409, 'ORDER_CANCELED']);
    expect((await timeline(order.id)).map((activity: { kind: string }) => activity.kind)).toEqual([
      'EMAIL_SENT',
      'CANCELED',
      'EMAIL_SENT',
      'PLACED',
    ]);
  });

  it('answers ORDER_NOT_FOUND (404) for an unknown order', async () => {
    const answer = await merchantCall(server, 'GET', `/ecom/v1/orders/${crypto.randomUUID()}/activities`);
    expect(appError(answer)).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(appError(await merchantCall(server, 'GET', '/ecom/v1/orders/not-an-id/activities'))).toEqual([404, 'ORDER_NOT_FOUND']);
  });
});

describe('internal notes (#20)', () => {
  it('adds a note through the SDK, shows it in the timeline, and removes its text keeping who removed it', async () => {
    const merchant = merchantClient(server);
    const order = await newOrder();
    const note = await merchant.orders.addOrderNote(order.id, '  Leave at the door  ');
    expect(note).toMatchObject({ kind: 'NOTE', note: 'Leave at the door', who: APP, _createdDate: expect.any(Date) });
    const { activities } = await merchant.orders.listOrderActivities(order.id);
    expect(activities[0]).toMatchObject({ _id: note._id, kind: 'NOTE', note: 'Leave at the door' });
    const removed = await merchant.orders.removeOrderNote(order.id, note._id);
    expect(removed.note).toBeUndefined();
    expect(removed.removed).toEqual({ removedDate: expect.any(Date), who: APP });
    const after = await merchant.orders.listOrderActivities(order.id);
    expect(after.activities[0]).toMatchObject({ _id: note._id, kind: 'NOTE', removed: { who: APP } });
    expect(after.activities[0].note).toBeUndefined();
  });

  it('refuses to remove a note twice, another order’s note, or an entry that is not a note (ORDER_NOTE_NOT_FOUND, 404)', async () => {
    const [one, other] = [await newOrder(), await newOrder()];
    const added = await act(one.id, 'notes', { note: { text: 'Fragile' } });
    const noteId = added.body.activity.id;
    expect(appError(await merchantCall(server, 'DELETE', `/ecom/v1/orders/${other.id}/notes/${noteId}`))).toEqual([
      404,
      'ORDER_NOTE_NOT_FOUND',
    ]);
    expect((await merchantCall(server, 'DELETE', `/ecom/v1/orders/${one.id}/notes/${noteId}`)).status).toBe(200);
    expect(appError(await merchantCall(server, 'DELETE', `/ecom/v1/orders/${one.id}/notes/${noteId}`))).toEqual([
      404,
      'ORDER_NOTE_NOT_FOUND',
    ]);
    const placed = (await timeline(one.id)).find((activity: { kind: string }) => activity.kind === 'PLACED');
    expect(appError(await merchantCall(server, 'DELETE', `/ecom/v1/orders/${one.id}/notes/${placed.id}`))).toEqual([
      404,
      'ORDER_NOTE_NOT_FOUND',
    ]);
  });

  it.each([
    ['an empty note', { note: { text: '   ' } }, 'note.text', 'Write the note'],
    ['a note over 5000 characters', { note: { text: 'x'.repeat(5001) } }, 'note.text', 'A note holds at most 5000 characters'],
    ['no note', {}, 'note', undefined],
    ['an unknown field', { note: { text: 'a' }, pinned: true }, '', undefined],
    [
      'another order’s id in the body',
      { id: '00000000-0000-4000-8000-000000000000', note: { text: 'a' } },
      'id',
      'must match the id in the path',
    ],
  ])('refuses %s with a 400 naming the field', async (_name, body, field, description) => {
    const order = await newOrder();
    const answer = await act(order.id, 'notes', body);
    expect(answer.status).toBe(400);
    expect(violationRules(answer).length).toBeGreaterThan(0);
    const violations = answer.body.details.validationError.fieldViolations as { field: string; description: string }[];
    if (field) expect(violations.map((violation) => violation.field)).toContain(field);
    if (description) expect(violations.map((violation) => violation.description)).toContain(description);
    expect((await timeline(order.id)).some((activity: { kind: string }) => activity.kind === 'NOTE')).toBe(false);
  });

  it('answers ORDER_NOT_FOUND (404) for a note on an unknown order, and adds nothing', async () => {
    const answer = await act(crypto.randomUUID(), 'notes', { note: { text: 'x' } });
    expect(appError(answer)).toEqual([404, 'ORDER_NOT_FOUND']);
  });

  it('lets no shopper read the timeline or write notes (403), and no buyer read of the order carries a note', async () => {
    const buyer = await memberClient(server);
    const order = await newOrder(buyer);
    await act(order.id, 'notes', { note: { text: 'Buyer was rude on the phone' } });
    const token = buyer.client.auth.getTokens().accessToken?.value as string;
    const asBuyer = (method: string, path: string, body?: unknown) =>
      send(`${server.url}${path}`, {
        method,
        headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    expect((await asBuyer('GET', `/ecom/v1/orders/${order.id}/activities`)).status).toBe(403);
    expect((await asBuyer('POST', `/ecom/v1/orders/${order.id}/notes`, { note: { text: 'hi' } })).status).toBe(403);
    const read = await asBuyer('GET', `/ecom/v1/orders/${order.id}`);
    const search = await asBuyer('POST', '/ecom/v1/orders/search', {});
    expect(read.status).toBe(200);
    expect(search.body.orders.map((listed: { id: string }) => listed.id)).toContain(order.id);
    expect(read.text).not.toContain('rude');
    expect(search.text).not.toContain('rude');
  });
});
