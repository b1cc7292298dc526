/**
 * The merchant's pricing API under `/_api/vitrine/v1/`: coupons, shipping regions and options, tax
 * rates and settings, membership plans and memberships. Every route is merchant-only (API key): the
 * guard is a hook of the plugin, so a new route cannot miss it.
 */

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireCaller } from '../../platform/caller.js';
import { type RequestParts, routeSchema } from '../../platform/http/route-schema.js';
import * as schemas from './schemas.js';
import type { PricingService } from './service.js';
import * as sh from './shipping-schemas.js';

const BASE = '/_api/vitrine/v1';

/** Registers the pricing administration routes, merchant-only. */
export async function pricingRoutes(app: FastifyInstance, deps: { pricing: PricingService }): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireCaller(request, 'merchant');
  });
  const router = app.withTypeProvider<ZodTypeProvider>();
  const { coupons, shipping, tax, memberships } = deps.pricing;

  /** Route options: tag, summary, the request parts and the answer, with pricing's error answers. */
  const route = <P extends RequestParts, R extends z.ZodType>(tag: string, summary: string, parts: P, ok: R) =>
    routeSchema(tag, summary, parts, ok, schemas.ErrorResponses);

  // ---- coupons
  const COUPONS_TAG = 'pricing: coupons';
  router.post(
    `${BASE}/coupons`,
    route(COUPONS_TAG, 'Create a coupon', { body: schemas.CreateCouponBody }, schemas.CouponResponse),
    async (request) => ({
      coupon: await coupons.create(request.body),
    }),
  );
  router.get(
    `${BASE}/coupons`,
    route(
      COUPONS_TAG,
      'List coupons, newest first (offset paging)',
      { querystring: schemas.ListCouponsQuery },
      schemas.ListCouponsResponse,
    ),
    async (request) => {
      const { limit, offset, code } = request.query;
      const page = await coupons.list({ limit, offset, code });
      return { coupons: page.coupons, pagingMetadata: { count: page.coupons.length, offset, total: page.total } };
    },
  );
  router.get(
    `${BASE}/coupons/:id`,
    route(COUPONS_TAG, 'Get a coupon', { params: schemas.IdParams }, schemas.CouponResponse),
    async (request) => ({
      coupon: await coupons.get(request.params.id),
    }),
  );
  router.patch(
    `${BASE}/coupons/:id`,
    route(
      COUPONS_TAG,
      'Update the given fields of a coupon',
      { params: schemas.IdParams, body: schemas.UpdateCouponBody },
      schemas.CouponResponse,
    ),
    async (request) => ({
      coupon: await coupons.update(request.params.id, request.body),
    }),
  );
  router.delete(
    `${BASE}/coupons/:id`,
    route(COUPONS_TAG, 'Delete a coupon (carts holding it drop it; orders keep their totals)', { params: schemas.IdParams }, schemas.Empty),
    async (request) => {
      await coupons.delete(request.params.id);
      return {};
    },
  );

  // ---- shipping regions and options
  const SHIPPING_TAG = 'pricing: shipping';
  const REGIONS = `${BASE}/shipping-regions`;
  router.post(
    REGIONS,
    route(
      SHIPPING_TAG,
      'Create a shipping region (countries, optionally subdivisions; * for the rest of the world)',
      { body: sh.CreateRegionBody },
      sh.RegionResponse,
    ),
    async (request) => ({
      region: await shipping.createRegion(request.body),
    }),
  );
  router.get(
    REGIONS,
    route(SHIPPING_TAG, 'List the shipping regions with their options, by position', {}, sh.ListRegionsResponse),
    async () => ({
      regions: await shipping.listRegions(),
    }),
  );
  router.get(
    `${REGIONS}/:id`,
    route(SHIPPING_TAG, 'Get a shipping region with its options', { params: schemas.IdParams }, sh.RegionResponse),
    async (request) => ({
      region: await shipping.getRegion(request.params.id),
    }),
  );
  router.patch(
    `${REGIONS}/:id`,
    route(
      SHIPPING_TAG,
      'Update the given fields of a shipping region',
      { params: schemas.IdParams, body: sh.UpdateRegionBody },
      sh.RegionResponse,
    ),
    async (request) => ({
      region: await shipping.updateRegion(request.params.id, request.body),
    }),
  );
  router.delete(
    `${REGIONS}/:id`,
    route(SHIPPING_TAG, 'Delete a shipping region and its options', { params: schemas.IdParams }, schemas.Empty),
    async (request) => {
      await shipping.deleteRegion(request.params.id);
      return {};
    },
  );
  router.post(
    `${REGIONS}/:id/options`,
    route(
      SHIPPING_TAG,
      'Add a shipping option (flat, weight-based or pickup) to a region',
      { params: schemas.IdParams, body: sh.CreateOptionBody },
      sh.OptionResponse,
    ),
    async (request) => ({
      option: await shipping.addOption(request.params.id, request.body),
    }),
  );
  router.patch(
    `${REGIONS}/:id/options/:optionId`,
    route(
      SHIPPING_TAG,
      'Update the given fields of a shipping option',
      { params: sh.OptionParams, body: sh.UpdateOptionBody },
      sh.OptionResponse,
    ),
    async (request) => ({
      option: await shipping.updateOption(request.params.id, request.params.optionId, request.body),
    }),
  );
  router.delete(
    `${REGIONS}/:id/options/:optionId`,
    route(SHIPPING_TAG, 'Delete a shipping option', { params: sh.OptionParams }, schemas.Empty),
    async (request) => {
      await shipping.deleteOption(request.params.id, request.params.optionId);
      return {};
    },
  );

  // ---- tax
  const TAX_TAG = 'pricing: tax';
  router.get(
    `${BASE}/tax-settings`,
    route(TAX_TAG, 'Get the tax settings (tax included in prices, tax mode, shipping taxed)', {}, schemas.TaxSettingsResponse),
    async () => ({
      settings: await tax.settings(),
    }),
  );
  router.patch(
    `${BASE}/tax-settings`,
    route(TAX_TAG, 'Update the given tax settings', { body: schemas.UpdateTaxSettingsBody }, schemas.TaxSettingsResponse),
    async (request) => ({
      settings: await tax.updateSettings(request.body),
    }),
  );
  router.post(
    `${BASE}/tax-rates`,
    route(
      TAX_TAG,
      'Add a manual tax rate for a place (country, state, county, city or special district)',
      { body: schemas.CreateTaxRateBody },
      schemas.TaxRateResponse,
    ),
    async (request) => ({
      taxRate: await tax.createRate(request.body),
    }),
  );
  router.get(
    `${BASE}/tax-rates`,
    route(TAX_TAG, 'List the manual tax rates, by country', { querystring: schemas.ListTaxRatesQuery }, schemas.ListTaxRatesResponse),
    async (request) => ({
      taxRates: await tax.listRates(request.query.country),
    }),
  );
  router.get(
    `${BASE}/tax-rates/:id`,
    route(TAX_TAG, 'Get a tax rate', { params: schemas.IdParams }, schemas.TaxRateResponse),
    async (request) => ({
      taxRate: await tax.getRate(request.params.id),
    }),
  );
  router.patch(
    `${BASE}/tax-rates/:id`,
    route(
      TAX_TAG,
      'Update the given fields of a tax rate',
      { params: schemas.IdParams, body: schemas.UpdateTaxRateBody },
      schemas.TaxRateResponse,
    ),
    async (request) => ({
      taxRate: await tax.updateRate(request.params.id, request.body),
    }),
  );
  router.delete(
    `${BASE}/tax-rates/:id`,
    route(TAX_TAG, 'Delete a tax rate', { params: schemas.IdParams }, schemas.Empty),
    async (request) => {
      await tax.deleteRate(request.params.id);
      return {};
    },
  );

  // ---- membership plans and memberships
  const MEMBERSHIPS_TAG = 'pricing: memberships';
  const PLANS = `${BASE}/membership-plans`;
  router.post(
    PLANS,
    route(MEMBERSHIPS_TAG, 'Create a membership plan', { body: schemas.CreatePlanBody }, schemas.PlanResponse),
    async (request) => ({
      plan: await memberships.createPlan(request.body),
    }),
  );
  router.get(PLANS, route(MEMBERSHIPS_TAG, 'List the membership plans', {}, schemas.ListPlansResponse), async () => ({
    plans: await memberships.listPlans(),
  }));
  router.get(
    `${PLANS}/:id`,
    route(MEMBERSHIPS_TAG, 'Get a membership plan', { params: schemas.IdParams }, schemas.PlanResponse),
    async (request) => ({
      plan: await memberships.getPlan(request.params.id),
    }),
  );
  router.patch(
    `${PLANS}/:id`,
    route(
      MEMBERSHIPS_TAG,
      'Update the given fields of a membership plan',
      { params: schemas.IdParams, body: schemas.UpdatePlanBody },
      schemas.PlanResponse,
    ),
    async (request) => ({
      plan: await memberships.updatePlan(request.params.id, request.body),
    }),
  );
  router.delete(
    `${PLANS}/:id`,
    route(MEMBERSHIPS_TAG, 'Delete a membership plan and the memberships of it', { params: schemas.IdParams }, schemas.Empty),
    async (request) => {
      await memberships.deletePlan(request.params.id);
      return {};
    },
  );
  router.post(
    `${BASE}/memberships`,
    route(
      MEMBERSHIPS_TAG,
      'Grant a plan to a member, by id or e-mail (expiry, credits)',
      { body: schemas.GrantMembershipBody },
      schemas.MembershipResponse,
    ),
    async (request) => ({
      membership: await memberships.grant(request.body),
    }),
  );
  router.get(
    `${BASE}/memberships`,
    route(
      MEMBERSHIPS_TAG,
      "List a member's memberships (by id or e-mail) or a plan's, oldest first, with why unusable ones cannot pay",
      { querystring: schemas.ListMembershipsQuery },
      schemas.ListMembershipsResponse,
    ),
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      const page = await memberships.list(filter, { limit, offset });
      return { memberships: page.memberships, pagingMetadata: { count: page.memberships.length, offset, total: page.total } };
    },
  );
  router.get(
    `${BASE}/memberships/:id`,
    route(MEMBERSHIPS_TAG, 'Get a membership', { params: schemas.IdParams }, schemas.MembershipResponse),
    async (request) => ({
      membership: await memberships.get(request.params.id),
    }),
  );
  router.delete(
    `${BASE}/memberships/:id`,
    route(MEMBERSHIPS_TAG, 'Revoke a membership', { params: schemas.IdParams }, schemas.Empty),
    async (request) => {
      await memberships.revoke(request.params.id);
      return {};
    },
  );
}
