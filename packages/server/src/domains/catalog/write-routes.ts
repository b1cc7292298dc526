/**
 * The merchant's catalogue API under the paths the SDK calls (spec §7 "Catalogue write"). Every route
 * of this plugin is merchant-only: the guard is a hook of the plugin, so a new route cannot miss it.
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireCaller } from '../../platform/caller.js';
import { ValidationFailure } from '../../platform/errors.js';
import { type RequestParts, routeSchema } from '../../platform/http/route-schema.js';
import { identityOf } from '../events/event-identity.js';
import * as schemas from './write-schemas.js';
import type { CatalogWriteService } from './write-service.js';

export interface CatalogWriteRouteDeps {
  catalog: CatalogWriteService;
}

const V1 = '/stores/v1';
const V2_PROXY = '/v2/products-platformized';

/** The id the body (or a delete's query) repeats must be the path's (the SDK fills the path from it). */
function samePathId(pathId: string, repeatedId: string | undefined, field: string): void {
  if (repeatedId !== undefined && repeatedId !== pathId) {
    throw new ValidationFailure([{ field, description: 'must match the id in the path', violatedRule: 'VALIDATION' }]);
  }
}

const who = (request: FastifyRequest) => identityOf(request.caller);

/** A call on one product or collection that may repeat its id: the ids must agree, then `act` runs; the answer is empty. */
async function actOnPathId(
  pathId: string,
  repeatedId: string | undefined,
  act: (id: string) => Promise<unknown>,
): Promise<Record<string, never>> {
  samePathId(pathId, repeatedId, 'id');
  await act(pathId);
  return {};
}

/** A change whose body may repeat the id with the change (or carries nothing but the id, or is not sent). */
const changeById = (
  request: { params: { id: string }; body: { id?: string } | null | undefined },
  change: (id: string) => Promise<unknown>,
) => actOnPathId(request.params.id, request.body?.id, change);

/** A delete whose query may repeat the id. */
const deleteById = (request: { params: { id: string }; query: { id?: string } }, remove: (id: string) => Promise<unknown>) =>
  actOnPathId(request.params.id, request.query.id, remove);

/** Registers the catalogue write routes, merchant-only. */
export async function catalogWriteRoutes(app: FastifyInstance, deps: CatalogWriteRouteDeps): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireCaller(request, 'merchant');
  });
  const router = app.withTypeProvider<ZodTypeProvider>();
  const catalog = deps.catalog;

  /** Route options: tag, summary, the request parts and the answer, with the catalogue's error answers. */
  const route = <P extends RequestParts, R extends z.ZodType>(tag: string, summary: string, parts: P, ok: R) =>
    routeSchema(tag, summary, parts, ok, schemas.ErrorResponses);
  /** The options of a delete of a product, a collection or a part of one: the id in the path, maybe repeated in the query; an empty answer. */
  const idQueryRoute = (tag: string, summary: string) =>
    route(tag, summary, { params: schemas.IdParams, querystring: schemas.IdQuery }, schemas.Empty);

  // ---- products (v1, and the platformized proxy with the same behaviour)
  for (const [base, tag] of [
    [`${V1}/products`, 'catalogue write'],
    [V2_PROXY, 'catalogue write (platformized proxy)'],
  ] as const) {
    router.post(
      base,
      route(tag, 'Create a product (variants from its options)', { body: schemas.CreateProductBody }, schemas.ProductResponse),
      async (request) => ({
        product: await catalog.createProduct(request.body.product, who(request)),
      }),
    );

    router.patch(
      `${base}/:id`,
      route(
        tag,
        'Update the given fields of a product',
        { params: schemas.IdParams, body: schemas.UpdateProductBody },
        schemas.ProductResponse,
      ),
      async (request) => {
        samePathId(request.params.id, request.body.product.id, 'product.id');
        return { product: await catalog.updateProduct(request.params.id, request.body.product, who(request)) };
      },
    );

    router.delete(`${base}/:id`, idQueryRoute(tag, 'Delete a product'), (request) =>
      deleteById(request, (id) => catalog.deleteProduct(id, who(request))),
    );
  }

  const TAG = 'catalogue write';
  const PRODUCT_PATH = `${V1}/products/:id`;

  // ---- variants and options
  router.patch(
    `${PRODUCT_PATH}/variants`,
    route(
      TAG,
      'Override price, cost, weight, SKU, visibility or stock of variants',
      { params: schemas.IdParams, body: schemas.UpdateVariantsBody },
      schemas.VariantsResponse,
    ),
    async (request) => {
      samePathId(request.params.id, request.body.id, 'id');
      return { variants: await catalog.updateVariants(request.params.id, request.body.variants, who(request)) };
    },
  );

  /** A call on one product or collection whose body may repeat its id with the change, answering nothing: its options. */
  const idBodyRoute = <B extends z.ZodType>(summary: string, body: B) =>
    route(TAG, summary, { params: schemas.IdParams, body }, schemas.Empty);

  // ---- whole-product actions: the body carries nothing but the id (or leaves it out: `{}`, or is not sent)
  router.post(
    `${PRODUCT_PATH}/variants/resetToDefault`,
    idBodyRoute('Reset every variant to the product’s data', schemas.IdOnlyBody),
    (request) => changeById(request, (id) => catalog.resetVariants(id, who(request))),
  );
  router.delete(`${PRODUCT_PATH}/options`, idQueryRoute(TAG, 'Delete every option (one default variant remains)'), (request) =>
    deleteById(request, (id) => catalog.deleteOptions(id, who(request))),
  );
  router.post(`${PRODUCT_PATH}/remove-brand`, idBodyRoute('Remove the product’s brand', schemas.IdOnlyBody), (request) =>
    changeById(request, (id) => catalog.removeBrand(id, who(request))),
  );
  router.post(`${PRODUCT_PATH}/remove-ribbon`, idBodyRoute('Remove the product’s ribbon', schemas.IdOnlyBody), (request) =>
    changeById(request, (id) => catalog.removeRibbon(id, who(request))),
  );

  // ---- product media
  router.post(
    `${PRODUCT_PATH}/media`,
    idBodyRoute('Add media by URL or uploaded media id, optionally to a choice', schemas.AddMediaBody),
    (request) => changeById(request, (id) => catalog.addMedia(id, request.body.media, who(request))),
  );
  router.post(`${PRODUCT_PATH}/media/delete`, idBodyRoute('Remove media items', schemas.RemoveMediaBody), (request) =>
    changeById(request, (id) => catalog.removeMedia(id, request.body.mediaIds, who(request))),
  );
  router.post(
    `${PRODUCT_PATH}/media/reorder`,
    idBodyRoute('Set the order of the product’s media: every media id once, the first becomes the main media', schemas.ReorderMediaBody),
    (request) => changeById(request, (id) => catalog.reorderMedia(id, request.body.mediaIds, who(request))),
  );
  router.post(
    `${PRODUCT_PATH}/media/alt-text`,
    idBodyRoute('Set or remove a picture’s alt text (Vitrine)', schemas.MediaAltTextBody),
    (request) => changeById(request, (id) => catalog.setMediaAltText(id, request.body.mediaId, request.body.altText, who(request))),
  );
  router.patch(`${PRODUCT_PATH}/choices/media`, idBodyRoute('Assign product media to option choices', schemas.ChoiceMediaBody), (request) =>
    changeById(request, (id) => catalog.addChoiceMedia(id, request.body.media, who(request))),
  );
  router.post(
    `${PRODUCT_PATH}/choices/media/delete`,
    idBodyRoute('Unassign product media from option choices', schemas.ChoiceMediaBody),
    (request) => changeById(request, (id) => catalog.removeChoiceMedia(id, request.body.media, who(request))),
  );

  // ---- collections
  router.post(
    `${V1}/collections`,
    route(TAG, 'Create a collection', { body: schemas.CreateCollectionBody }, schemas.CollectionResponse),
    async (request) => ({
      collection: await catalog.createCollection(request.body.collection, who(request)),
    }),
  );
  router.patch(
    `${V1}/collections/:id`,
    route(
      TAG,
      'Update the given fields of a collection',
      { params: schemas.IdParams, body: schemas.UpdateCollectionBody },
      schemas.CollectionResponse,
    ),
    async (request) => {
      samePathId(request.params.id, request.body.collection.id, 'collection.id');
      return { collection: await catalog.updateCollection(request.params.id, request.body.collection, who(request)) };
    },
  );
  router.delete(`${V1}/collections/:id`, idQueryRoute(TAG, 'Delete a collection (its products stay)'), (request) =>
    deleteById(request, (id) => catalog.deleteCollection(id, who(request))),
  );
  router.post(`${V1}/collections/:id/productIds`, idBodyRoute('Add products to a collection', schemas.ProductIdsBody), (request) =>
    changeById(request, (id) => catalog.addProductsToCollection(id, request.body.productIds, who(request))),
  );
  router.post(
    `${V1}/collections/:id/productIds/delete`,
    idBodyRoute('Remove products from a collection', schemas.ProductIdsBody),
    (request) => changeById(request, (id) => catalog.removeProductsFromCollection(id, request.body.productIds, who(request))),
  );

  // ---- bulk
  router.post(
    `${V1}/bulk/products/update`,
    route(
      TAG,
      'Set price, cost or weight of up to 100 products (per-item results)',
      { body: schemas.BulkUpdateBody },
      schemas.BulkResponse,
    ),
    async (request) => catalog.bulkUpdate(request.body.ids, request.body.set, who(request)),
  );
  router.post(
    `${V1}/bulk/products/adjust-properties`,
    route(
      TAG,
      'Adjust price, cost or weight of up to 100 products by an amount or a percentage (per-item results)',
      { body: schemas.BulkAdjustBody },
      schemas.BulkResponse,
    ),
    async (request) => catalog.bulkAdjust(request.body.ids, request.body.adjust, who(request)),
  );
}
