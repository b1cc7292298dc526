/**
 * The inventory routes for merchants (issue #24; Vitrine's merchant API, not in the spec): a variant's
 * inventory history, and a stock change with its reason. Merchant-only: the guard is the plugin's hook.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../platform/caller.js';
import { DomainError, ValidationFailure } from '../../platform/errors.js';
import { identityOf } from '../events/event-identity.js';
import type { InventoryHistory } from './inventory-history.js';
import * as schemas from './inventory-schemas.js';
import { CatalogWriteErrors } from './write-errors.js';
import { ProductResponse } from './write-schemas.js';
import type { CatalogWriteService } from './write-service.js';

const BASE = '/_api/vitrine/v1/inventory';

/** An id the query or body repeats must be the path's. */
function samePathIds(path: Record<string, string>, repeated: Record<string, unknown>): void {
  const differing = Object.keys(path).filter((param) => repeated[param] !== undefined && repeated[param] !== path[param]);
  if (differing.length) {
    throw new ValidationFailure(
      differing.map((field) => ({ field, description: 'must match the id in the path', violatedRule: 'VALIDATION' })),
    );
  }
}

export interface InventoryRouteDeps {
  history: InventoryHistory;
  catalog: Pick<CatalogWriteService, 'adjustStock'>;
}

export async function inventoryRoutes(app: FastifyInstance, deps: InventoryRouteDeps): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireCaller(request, 'merchant');
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    `${BASE}/products/:productId/variants/:variantId/history`,
    {
      schema: {
        tags: ['inventory'],
        summary: 'A variant’s inventory history, newest first: each change of its stock with who, when and why',
        params: schemas.VariantParams,
        querystring: schemas.HistoryQuery,
        response: { 200: schemas.HistoryResponse, ...schemas.ErrorResponses },
      },
    },
    async (request, reply) => {
      const { productId, variantId } = request.params;
      samePathIds(request.params, request.query);
      const page = await deps.history.ofVariant(productId, variantId, request.query);
      if (!page) throw new DomainError(CatalogWriteErrors.VARIANT_NOT_FOUND, { productId, variantId });
      reply.header('cache-control', 'no-store');
      return page;
    },
  );

  routes.post(
    `${BASE}/products/:productId/stock`,
    {
      schema: {
        tags: ['inventory'],
        summary: 'Set the quantity in stock of a variant (or of the product when its variants share one stock), with the reason',
        params: schemas.ProductParams,
        body: schemas.StockAdjustmentBody,
        response: { 200: ProductResponse, ...schemas.ErrorResponses },
      },
    },
    async (request) => {
      samePathIds(request.params, request.body);
      const { productId: _repeated, ...adjustment } = request.body;
      return { product: await deps.catalog.adjustStock(request.params.productId, adjustment, identityOf(request.caller)) };
    },
  );
}
