/**
 * The merchant's shop settings API under `/_api/vitrine/v1/shop-settings`: the shop's details, the
 * sender of its e-mails and its payment methods. Merchant-only (an API key or console tokens): the
 * guard is a hook of the plugin, so a new route cannot miss it; changing payments is the owner's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller, requireOwner } from '../../platform/caller.js';
import * as schemas from './schemas.js';
import type { ShopSettingsService } from './service.js';
import { wireSettingsOf } from './views.js';

const PATH = '/_api/vitrine/v1/shop-settings';
const TAG = 'shop settings';

export async function settingsRoutes(app: FastifyInstance, deps: { settings: ShopSettingsService }): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireCaller(request, 'merchant');
  });
  const router = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: schemas.ShopSettingsResponse, ...schemas.ErrorResponses };

  router.get(PATH, { schema: { tags: [TAG], summary: 'Get the shop settings and payment methods', response } }, async () => ({
    settings: wireSettingsOf(await deps.settings.current()),
  }));
  router.patch(
    PATH,
    {
      schema: {
        tags: [TAG],
        summary: 'Change the given shop settings; payment methods turned on or off, the card keys write-only',
        body: schemas.UpdateShopSettingsBody,
        response,
      },
    },
    async (request) => {
      // Payment settings are the owner's (issue #24); staff may change the shop's other details.
      if (request.body.payments !== undefined) requireOwner(request);
      return { settings: wireSettingsOf(await deps.settings.update(request.body)) };
    },
  );
}
