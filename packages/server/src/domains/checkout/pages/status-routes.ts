/**
 * The order-status page (issue #20, point 4): `GET /orders/:orderId/status?token=…`, the signed link
 * every e-mail carries (`OrderStatusLinks.orderStatusUrl`). The token is the capability: the request
 * log hides it (`token` is a secret query name, log-redaction.ts). An unknown order, a missing or
 * wrong token all answer the same 404 page, which says nothing about the order.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderOrderStatusPage } from '../../../pages/order-status-page.js';
import { renderErrorPage } from '../../../pages/render.js';
import { newNonce, sendPage } from '../../../platform/http/page-reply.js';
import type { ShopProfile } from '../../settings/shop-profile.js';
import type { OrderStatusLinks } from '../order-status-links.js';
import type { OrderPlacement } from '../placement.js';
import { orderStatusView } from './status-view.js';

export interface OrderStatusPageDeps {
  links: Pick<OrderStatusLinks, 'verify'>;
  orders: Pick<OrderPlacement, 'order'>;
  /** the shop's name, time zone, contact e-mail and address now (its settings) */
  shop: () => Promise<ShopProfile>;
}

const Params = z.object({ orderId: z.string().max(100) });
const Query = z.object({ token: z.string().max(200).optional() });

/** Registers the order-status page. */
export async function orderStatusPageRoutes(app: FastifyInstance, deps: OrderStatusPageDeps): Promise<void> {
  const router = app.withTypeProvider<ZodTypeProvider>();
  router.get(
    '/orders/:orderId/status',
    {
      config: { rateLimit: {} },
      schema: {
        tags: ['hosted pages'],
        summary: "The order's status page (signed link)",
        produces: ['text/html'],
        params: Params,
        querystring: Query,
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      const { token } = request.query;
      const nonce = newNonce();
      const shop = await deps.shop();
      // Only signed ids verify, so any other text (not an order id at all) is refused here too.
      if (!token || !(await deps.links.verify(orderId, token))) {
        const message = 'This link does not lead to an order. Open the link from your latest e-mail about the order.';
        return sendPage(reply, renderErrorPage({ shopName: shop.shopName, nonce, title: 'Order not found', message }), nonce, {}, 404);
      }
      const order = await deps.orders.order(orderId);
      const view = orderStatusView(order, shop.timeZone);
      return sendPage(reply, renderOrderStatusPage({ shopName: shop.shopName, nonce, ...view, contact: shop }), nonce);
    },
  );
}
