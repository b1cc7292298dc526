/**
 * The merchant's preview of the buyer's mails (#20): each of the five rendered for a sample order
 * while the shop has none, then for its newest order or a chosen one, without sending anything;
 * bad input refused in the spec's format.
 */
import { describe, expect, it } from 'vitest';
import { placedOrder, stockedProduct } from '../../../test/support/checkout-fixtures.js';
import { send } from '../../../test/support/http.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';

const server = usShippingServerForFile({ SHOP_NAME: 'Preview shop' });

const preview = (kind: string, query = '') => merchantCall(server, 'GET', `/_api/vitrine/v1/mails/previews/${kind}${query}`);
const outboxCount = async () =>
  Number(
    (
      await server.database.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('mail previews', () => {
  it('renders each of the five mails for a sample order while the shop has none, sending nothing', async () => {
    const subjects: string[] = [];
    for (const kind of ['order-received', 'payment-received', 'shipped', 'cancelled', 'refunded']) {
      const answer = await preview(kind);
      expect(answer.status).toBe(200);
      expect(answer.body.preview).toMatchObject({ kind, orderId: null });
      expect(answer.body.preview.html).toContain('Preview shop');
      expect(answer.body.preview.text).toContain('You receive this e-mail because you ordered at Preview shop.');
      subjects.push(answer.body.preview.subject);
    }
    expect(subjects).toEqual([
      'Your order 10001 at Preview shop',
      'Payment received for order 10001 at Preview shop',
      'Your order 10001 at Preview shop has shipped',
      'Your order 10001 at Preview shop was cancelled',
      'Refund for your order 10001 at Preview shop',
    ]);
    expect(await outboxCount()).toBe(0);
  });

  it('renders for the newest order, or the order named by id or number', async () => {
    const mug = await stockedProduct(server, { name: 'Preview mug', quantity: 5 });
    const first = await placedOrder(server, [{ productId: mug._id }]);
    const newest = await placedOrder(server, [{ productId: mug._id, quantity: 2 }]);
    const before = await outboxCount();
    const answer = await preview('shipped');
    expect(answer.body.preview.orderId).toBe(newest.id);
    expect(answer.body.preview.text).toContain('2 × Preview mug');
    expect(answer.body.preview.text).toContain('Tracking number: 1Z999AA10123456784');
    const byId = await preview('order-received', `?orderId=${first.id}`);
    expect(byId.body.preview.subject).toBe(`Your order ${first.number} at Preview shop`);
    const byNumber = await preview('refunded', `?orderId=${first.number}`);
    expect(byNumber.body.preview.orderId).toBe(first.id);
    expect(await outboxCount()).toBe(before);
  });

  it('refuses an unknown kind (400), an unknown order (404) and callers that are not the merchant', async () => {
    const kind = await preview('welcome');
    expect(kind.status).toBe(400);
    expect(kind.body.details.validationError.fieldViolations[0]).toMatchObject({ field: 'kind' });
    const order = await preview('shipped', '?orderId=00000000-0000-4000-8000-000000000000');
    expect([order.status, order.body.details.applicationError.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect((await send(`${server.url}/_api/vitrine/v1/mails/previews/shipped`)).status).toBe(401);
    expect((await send(`${server.url}/_api/vitrine/v1/mails/outbox`)).status).toBe(401);
    const unknown = await merchantCall(server, 'POST', '/_api/vitrine/v1/mails/outbox/00000000-0000-4000-8000-000000000000/retry', {});
    expect([unknown.status, unknown.body.details.applicationError.code]).toEqual([404, 'MAIL_NOT_FOUND']);
    expect((await merchantCall(server, 'POST', '/_api/vitrine/v1/mails/outbox/not-a-uuid/retry', {})).status).toBe(400);
  });
});
