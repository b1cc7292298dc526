/**
 * The merchant's pricing API under `/_api/vitrine/v1/`: coupons, shipping regions and options, tax
 * rates and settings, membership plans and memberships. Every route is merchant-only (API key): the
 * guard is a hook of the plugin, so a new route cannot miss it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireCaller } from '../../platform/caller.js';
import * as s from './schemas.js';
import type { PricingService } from './service.js';
import * as sh from './shipping-schemas.js';

const BASE = '/_api/vitrine/v1';

/** Registers the pricing administration routes, merchant-only. */
export async function pricingRoutes(app: FastifyInstance, deps: { pricing: PricingService }): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireCaller(request, 'merchant');
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { coupons, shipping, tax, memberships } = deps.pricing;

  /** Route options: tag, summary, the request parts and the answer. */
  function route<P extends { body?: z.ZodType; params?: z.ZodType; querystring?: z.ZodType }, R extends z.ZodType>(
    tag: string,
    summary: string,
    parts: P,
    ok: R,
  ) {
    return { schema: { tags: [tag], summary, ...parts, response: { 200: ok, ...s.ErrorResponses } } };
  }

  // ---- coupons
  const C = 'pricing: coupons';
  r.post(`${BASE}/coupons`, route(C, 'Create a coupon', { body: s.CreateCouponBody }, s.CouponResponse), async (q) => ({
    coupon: await coupons.create(q.body),
  }));
  r.get(
    `${BASE}/coupons`,
    route(C, 'List coupons, newest first (offset paging)', { querystring: s.ListCouponsQuery }, s.ListCouponsResponse),
    async (q) => {
      const { limit, offset, code } = q.query;
      const page = await coupons.list({ limit, offset, code });
      return { coupons: page.coupons, pagingMetadata: { count: page.coupons.length, offset, total: page.total } };
    },
  );
  r.get(`${BASE}/coupons/:id`, route(C, 'Get a coupon', { params: s.IdParams }, s.CouponResponse), async (q) => ({
    coupon: await coupons.get(q.params.id),
  }));
  r.patch(
    `${BASE}/coupons/:id`,
    route(C, 'Update the given fields of a coupon', { params: s.IdParams, body: s.UpdateCouponBody }, s.CouponResponse),
    async (q) => ({
      coupon: await coupons.update(q.params.id, q.body),
    }),
  );
  r.delete(
    `${BASE}/coupons/:id`,
    route(C, 'Delete a coupon (carts holding it drop it; orders keep their totals)', { params: s.IdParams }, s.Empty),
    async (q) => {
      await coupons.delete(q.params.id);
      return {};
    },
  );

  // ---- shipping regions and options
  const S = 'pricing: shipping';
  const REGIONS = `${BASE}/shipping-regions`;
  r.post(
    REGIONS,
    route(
      S,
      'Create a shipping region (countries, optionally subdivisions; * for the rest of the world)',
      { body: sh.CreateRegionBody },
      sh.RegionResponse,
    ),
    async (q) => ({
      region: await shipping.createRegion(q.body),
    }),
  );
  r.get(REGIONS, route(S, 'List the shipping regions with their options, by position', {}, sh.ListRegionsResponse), async () => ({
    regions: await shipping.listRegions(),
  }));
  r.get(`${REGIONS}/:id`, route(S, 'Get a shipping region with its options', { params: s.IdParams }, sh.RegionResponse), async (q) => ({
    region: await shipping.getRegion(q.params.id),
  }));
  r.patch(
    `${REGIONS}/:id`,
    route(S, 'Update the given fields of a shipping region', { params: s.IdParams, body: sh.UpdateRegionBody }, sh.RegionResponse),
    async (q) => ({
      region: await shipping.updateRegion(q.params.id, q.body),
    }),
  );
  r.delete(`${REGIONS}/:id`, route(S, 'Delete a shipping region and its options', { params: s.IdParams }, s.Empty), async (q) => {
    await shipping.deleteRegion(q.params.id);
    return {};
  });
  r.post(
    `${REGIONS}/:id/options`,
    route(
      S,
      'Add a shipping option (flat, weight-based or pickup) to a region',
      { params: s.IdParams, body: sh.CreateOptionBody },
      sh.OptionResponse,
    ),
    async (q) => ({
      option: await shipping.addOption(q.params.id, q.body),
    }),
  );
  r.patch(
    `${REGIONS}/:id/options/:optionId`,
    route(S, 'Update the given fields of a shipping option', { params: sh.OptionParams, body: sh.UpdateOptionBody }, sh.OptionResponse),
    async (q) => ({
      option: await shipping.updateOption(q.params.id, q.params.optionId, q.body),
    }),
  );
  r.delete(`${REGIONS}/:id/options/:optionId`, route(S, 'Delete a shipping option', { params: sh.OptionParams }, s.Empty), async (q) => {
    await shipping.deleteOption(q.params.id, q.params.optionId);
    return {};
  });

  // ---- tax
  const T = 'pricing: tax';
  r.get(
    `${BASE}/tax-settings`,
    route(T, 'Get the tax settings (tax included in prices, tax mode, shipping taxed)', {}, s.TaxSettingsResponse),
    async () => ({
      settings: await tax.settings(),
    }),
  );
  r.patch(
    `${BASE}/tax-settings`,
    route(T, 'Update the given tax settings', { body: s.UpdateTaxSettingsBody }, s.TaxSettingsResponse),
    async (q) => ({
      settings: await tax.updateSettings(q.body),
    }),
  );
  r.post(
    `${BASE}/tax-rates`,
    route(
      T,
      'Add a manual tax rate for a place (country, state, county, city or special district)',
      { body: s.CreateTaxRateBody },
      s.TaxRateResponse,
    ),
    async (q) => ({
      taxRate: await tax.createRate(q.body),
    }),
  );
  r.get(
    `${BASE}/tax-rates`,
    route(T, 'List the manual tax rates, by country', { querystring: s.ListTaxRatesQuery }, s.ListTaxRatesResponse),
    async (q) => ({
      taxRates: await tax.listRates(q.query.country),
    }),
  );
  r.get(`${BASE}/tax-rates/:id`, route(T, 'Get a tax rate', { params: s.IdParams }, s.TaxRateResponse), async (q) => ({
    taxRate: await tax.getRate(q.params.id),
  }));
  r.patch(
    `${BASE}/tax-rates/:id`,
    route(T, 'Update the given fields of a tax rate', { params: s.IdParams, body: s.UpdateTaxRateBody }, s.TaxRateResponse),
    async (q) => ({
      taxRate: await tax.updateRate(q.params.id, q.body),
    }),
  );
  r.delete(`${BASE}/tax-rates/:id`, route(T, 'Delete a tax rate', { params: s.IdParams }, s.Empty), async (q) => {
    await tax.deleteRate(q.params.id);
    return {};
  });

  // ---- membership plans and memberships
  const M = 'pricing: memberships';
  const PLANS = `${BASE}/membership-plans`;
  r.post(PLANS, route(M, 'Create a membership plan', { body: s.CreatePlanBody }, s.PlanResponse), async (q) => ({
    plan: await memberships.createPlan(q.body),
  }));
  r.get(PLANS, route(M, 'List the membership plans', {}, s.ListPlansResponse), async () => ({ plans: await memberships.listPlans() }));
  r.get(`${PLANS}/:id`, route(M, 'Get a membership plan', { params: s.IdParams }, s.PlanResponse), async (q) => ({
    plan: await memberships.getPlan(q.params.id),
  }));
  r.patch(
    `${PLANS}/:id`,
    route(M, 'Update the given fields of a membership plan', { params: s.IdParams, body: s.UpdatePlanBody }, s.PlanResponse),
    async (q) => ({
      plan: await memberships.updatePlan(q.params.id, q.body),
    }),
  );
  r.delete(`${PLANS}/:id`, route(M, 'Delete a membership plan and the memberships of it', { params: s.IdParams }, s.Empty), async (q) => {
    await memberships.deletePlan(q.params.id);
    return {};
  });
  r.post(
    `${BASE}/memberships`,
    route(M, 'Grant a plan to a member, by id or e-mail (expiry, credits)', { body: s.GrantMembershipBody }, s.MembershipResponse),
    async (q) => ({
      membership: await memberships.grant(q.body),
    }),
  );
  r.get(
    `${BASE}/memberships`,
    route(
      M,
      "List a member's memberships (by id or e-mail) or a plan's, oldest first, with why unusable ones cannot pay",
      { querystring: s.ListMembershipsQuery },
      s.ListMembershipsResponse,
    ),
    async (q) => {
      const { limit, offset, ...filter } = q.query;
      const page = await memberships.list(filter, { limit, offset });
      return { memberships: page.memberships, pagingMetadata: { count: page.memberships.length, offset, total: page.total } };
    },
  );
  r.get(`${BASE}/memberships/:id`, route(M, 'Get a membership', { params: s.IdParams }, s.MembershipResponse), async (q) => ({
    membership: await memberships.get(q.params.id),
  }));
  r.delete(`${BASE}/memberships/:id`, route(M, 'Revoke a membership', { params: s.IdParams }, s.Empty), async (q) => {
    await memberships.revoke(q.params.id);
    return {};
  });
}
