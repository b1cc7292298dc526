/**
 * Request and answer schemas of the merchant's pricing API (`/_api/vitrine/v1/…`): coupons, tax
 * rates and settings, membership plans and memberships (shipping in `shipping-schemas.ts`). JSON in
 * camelCase, money as decimal strings in the shop currency, dates ISO. Bodies are strict: a
 * misspelt field is a violation. Rules that join several fields (a percentage at most 100, starts
 * before expires, existing scope ids) are the service's, so they hold for updates too.
 */
import { z } from 'zod';
import { CountryCode, SubdivisionCode } from '../../platform/address/address-rules.js';
import { exactDateTime } from '../../platform/date-time.js';
import { MerchantErrorResponses } from '../../platform/http/error-schemas.js';

// ---- shared pieces

/** A non-negative amount in the shop currency, as a decimal string ("10.00"). */
export const Money = z.string().regex(/^\d{1,14}(\.\d{1,4})?$/, 'must be a non-negative decimal amount as a string, e.g. "10.00"');
/** A non-negative exact decimal ("10", "12.5"). */
export const DecimalText = z.string().regex(/^\d{1,14}(\.\d{1,4})?$/, 'must be a non-negative decimal as a string, e.g. "10"');
/** A fraction from 0 to 1 ("0.0725" is 7.25 %). */
const RateFraction = z
  .string()
  .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'must be a fraction from 0 to 1 as a decimal string with at most 6 decimals, e.g. "0.0725"');
/** What shoppers type or options are named by: 1–64 characters without spaces. */
export const Code = z.string().min(1).max(64).regex(/^\S*$/, 'must not contain spaces');
export const Name = z.string().trim().min(1).max(200);
export const IsoDate = exactDateTime('must be an ISO 8601 date-time, e.g. 2026-12-01T10:00:00Z');
const Count = z.number().int().min(1).max(1_000_000_000);
const ScopeKind = z.enum(['ALL', 'PRODUCTS', 'COLLECTIONS']);
const ScopeIds = z.array(z.uuid({ error: 'must be a UUID' })).max(500);
/** Accepted on input (an entity read back can be sent again), never applied. */
const ignored = z.unknown().optional();

export const IdParams = z.strictObject({ id: z.uuid() });
export const Empty = z.object({});

/** Offset paging of list calls. */
const PagingQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('items per page (1–200, default 50)'),
  offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0).describe('items skipped (default 0)'),
});
const PagingMetadata = z.object({ count: z.number().int(), offset: z.number().int(), total: z.number().int() });

// ---- coupons

const CouponKind = z.enum(['PERCENT', 'AMOUNT', 'FREE_SHIPPING', 'FIXED_PRICE']);

const couponFields = {
  code: Code.describe('what shoppers type; matched without regard to case; unique'),
  name: Name,
  kind: CouponKind.describe('PERCENT: value % off; AMOUNT: value off; FREE_SHIPPING; FIXED_PRICE: each eligible unit costs value'),
  value: DecimalText.describe('PERCENT: 0–100; AMOUNT and FIXED_PRICE: an amount; FREE_SHIPPING: "0" or absent'),
  scope: ScopeKind.describe('lines it applies to'),
  scopeIds: ScopeIds.describe('PRODUCTS or COLLECTIONS: the ids (existing ones)'),
  minimumSubtotal: Money.nullable().describe("the eligible lines' subtotal must reach it"),
  startsAt: IsoDate.nullable(),
  expiresAt: IsoDate.nullable(),
  usageLimit: Count.nullable().describe('orders it can be used in; null: unlimited'),
  limitPerCustomer: Count.nullable().describe('orders per customer (member or e-mail); null: unlimited'),
  active: z.boolean(),
};
const couponComputed = { id: ignored, timesUsed: ignored, createdDate: ignored, updatedDate: ignored };

export const CreateCouponBody = z.strictObject({
  ...couponFields,
  value: couponFields.value.optional(),
  scope: couponFields.scope.optional(),
  scopeIds: couponFields.scopeIds.optional(),
  minimumSubtotal: couponFields.minimumSubtotal.optional(),
  startsAt: couponFields.startsAt.optional(),
  expiresAt: couponFields.expiresAt.optional(),
  usageLimit: couponFields.usageLimit.optional(),
  limitPerCustomer: couponFields.limitPerCustomer.optional(),
  active: couponFields.active.optional(),
  ...couponComputed,
});
export type CouponInput = z.infer<typeof CreateCouponBody>;
export const UpdateCouponBody = z.strictObject({ ...z.object(couponFields).partial().shape, ...couponComputed });
export type CouponPatch = z.infer<typeof UpdateCouponBody>;

export const ListCouponsQuery = PagingQuery.extend({
  code: z.string().max(64).optional().describe('only codes starting with this (case-insensitive)'),
});

const Coupon = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: CouponKind,
  value: z.string(),
  scope: ScopeKind,
  scopeIds: z.array(z.string()),
  minimumSubtotal: z.string().nullable(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  limitPerCustomer: z.number().int().nullable(),
  timesUsed: z.number().int(),
  active: z.boolean(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type WireCoupon = z.infer<typeof Coupon>;
export const CouponResponse = z.object({ coupon: Coupon });
export const ListCouponsResponse = z.object({ coupons: z.array(Coupon), pagingMetadata: PagingMetadata });

// ---- tax

const JurisdictionType = z.enum(['COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL']);
const taxRateFields = {
  name: Name,
  jurisdictionType: JurisdictionType,
  country: CountryCode,
  subdivision: SubdivisionCode.nullable().describe('STATE, COUNTY and CITY: the subdivision (ISO 3166-2) the place is in'),
  county: z.string().trim().min(1).max(100).nullable().describe('COUNTY: its name'),
  city: z.string().trim().min(1).max(100).nullable().describe('CITY: its name (matched without regard to case)'),
  postalCodes: z
    .array(z.string().trim().min(1).max(20))
    .max(1000)
    .describe('COUNTY (required) and SPECIAL (empty: all): the postal codes the place covers'),
  rate: RateFraction,
  appliesToShipping: z.boolean(),
};
const taxComputed = { id: ignored, createdDate: ignored };
export const CreateTaxRateBody = z.strictObject({
  ...taxRateFields,
  subdivision: taxRateFields.subdivision.optional(),
  county: taxRateFields.county.optional(),
  city: taxRateFields.city.optional(),
  postalCodes: taxRateFields.postalCodes.optional(),
  appliesToShipping: taxRateFields.appliesToShipping.optional(),
  ...taxComputed,
});
export type TaxRateInput = z.infer<typeof CreateTaxRateBody>;
export const UpdateTaxRateBody = z.strictObject({ ...z.object(taxRateFields).partial().shape, ...taxComputed });
export type TaxRatePatch = z.infer<typeof UpdateTaxRateBody>;
export const ListTaxRatesQuery = z.strictObject({ country: CountryCode.optional().describe('only the rates of this country') });

const TaxRate = z.object({
  id: z.string(),
  name: z.string(),
  jurisdictionType: JurisdictionType,
  country: z.string(),
  subdivision: z.string().nullable(),
  county: z.string().nullable(),
  city: z.string().nullable(),
  postalCodes: z.array(z.string()),
  rate: z.string(),
  appliesToShipping: z.boolean(),
  createdDate: z.string(),
});
export type WireTaxRate = z.infer<typeof TaxRate>;
export const TaxRateResponse = z.object({ taxRate: TaxRate });
export const ListTaxRatesResponse = z.object({ taxRates: z.array(TaxRate) });

const TaxMode = z.enum(['MANUAL', 'AUTO', 'NONE']);
export const UpdateTaxSettingsBody = z.strictObject({
  taxIncludedInPrices: z.boolean().optional().describe('catalogue prices already contain tax (EU style)'),
  taxMode: TaxMode.optional().describe(
    'MANUAL: the rates here; AUTO: an automatic provider (none built in: manual rates as fallback); NONE',
  ),
  taxShipping: z.boolean().optional().describe('shipping is taxed at the rates of the address'),
  updatedDate: ignored,
});
export type TaxSettingsPatch = z.infer<typeof UpdateTaxSettingsBody>;
const TaxSettings = z.object({
  taxIncludedInPrices: z.boolean(),
  taxMode: TaxMode,
  taxShipping: z.boolean(),
  updatedDate: z.string(),
});
export type WireTaxSettings = z.infer<typeof TaxSettings>;
export const TaxSettingsResponse = z.object({ settings: TaxSettings });

// ---- membership plans and memberships

const planFields = {
  name: Name,
  scope: ScopeKind,
  scopeIds: ScopeIds,
  credits: Count.nullable().describe('units a membership of the plan pays for in total; null: unlimited'),
  active: z.boolean(),
};
const planComputed = { id: ignored, createdDate: ignored };
export const CreatePlanBody = z.strictObject({
  ...planFields,
  scope: planFields.scope.optional(),
  scopeIds: planFields.scopeIds.optional(),
  credits: planFields.credits.optional(),
  active: planFields.active.optional(),
  ...planComputed,
});
export type PlanInput = z.infer<typeof CreatePlanBody>;
export const UpdatePlanBody = z.strictObject({ ...z.object(planFields).partial().shape, ...planComputed });
export type PlanPatch = z.infer<typeof UpdatePlanBody>;
const Plan = z.object({
  id: z.string(),
  name: z.string(),
  scope: ScopeKind,
  scopeIds: z.array(z.string()),
  credits: z.number().int().nullable(),
  active: z.boolean(),
  createdDate: z.string(),
});
export type WirePlan = z.infer<typeof Plan>;
export const PlanResponse = z.object({ plan: Plan });
export const ListPlansResponse = z.object({ plans: z.array(Plan) });

/** An e-mail address as typed (a member is found by it without regard to case). */
const MemberEmail = z.email().max(254);

/** Refuses naming the member both ways: a grant must not go to one member while naming another. */
function notBothMembers(body: { memberId?: string; memberEmail?: string }, ctx: z.RefinementCtx): void {
  if (body.memberId !== undefined && body.memberEmail !== undefined) {
    const message = 'give either memberId or memberEmail, not both';
    ctx.addIssue({ code: 'custom', message, path: ['memberEmail'], params: { rule: 'ONE_OF_ALIGNMENT' } });
  }
}

/** A violation of `memberId` saying which of the alternatives are missing. */
function missingMember(ctx: z.RefinementCtx, message: string): void {
  ctx.addIssue({ code: 'custom', message, path: ['memberId'], params: { rule: 'REQUIRED_FIELD' } });
}

const grantFields = z.strictObject({
  planId: z.uuid(),
  memberId: z.uuid().optional().describe('the member (or memberEmail)'),
  memberEmail: MemberEmail.optional().describe('the member, by e-mail (or memberId)'),
  expiresAt: IsoDate.nullable().optional().describe('null or absent: never expires'),
  credits: z.number().int().min(0).max(1_000_000_000).nullable().optional().describe("units it can pay for; absent: the plan's credits"),
});
export const GrantMembershipBody = grantFields.superRefine((body, ctx) => {
  notBothMembers(body, ctx);
  if (body.memberId === undefined && body.memberEmail === undefined) missingMember(ctx, 'give memberId or memberEmail');
});
export type GrantInput = z.infer<typeof GrantMembershipBody>;
/** The grant's terms alone (the CLI names the plan and the member its own way). */
export const GrantTerms = grantFields.pick({ expiresAt: true, credits: true });

export const ListMembershipsQuery = PagingQuery.extend({
  memberId: z.uuid().optional().describe("only this member's memberships"),
  memberEmail: MemberEmail.optional().describe('only the memberships of the member with this e-mail (or memberId)'),
  planId: z.uuid().optional().describe('only the memberships of this plan'),
}).superRefine((body, ctx) => {
  notBothMembers(body, ctx);
  if (body.memberId === undefined && body.memberEmail === undefined && body.planId === undefined)
    missingMember(ctx, 'give memberId, memberEmail or planId');
});
export type MembershipFilter = Pick<z.infer<typeof ListMembershipsQuery>, 'memberId' | 'memberEmail' | 'planId'>;
const Membership = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  memberId: z.string(),
  memberEmail: z.string().describe("the member's e-mail address"),
  scope: ScopeKind,
  scopeIds: z.array(z.string()),
  expiresAt: z.string().nullable(),
  creditsRemaining: z.number().int().nullable(),
  creditsTotal: z.number().int().nullable(),
  createdDate: z.string(),
  valid: z.boolean(),
  invalidReason: z.string().nullable().describe('why it cannot pay now (expired, no credits left, plan inactive)'),
});
export type WireMembership = z.infer<typeof Membership>;
export const MembershipResponse = z.object({ membership: Membership });
export const ListMembershipsResponse = z.object({ memberships: z.array(Membership), pagingMetadata: PagingMetadata });

/** Error answers of the merchant pricing routes. */
export const ErrorResponses = MerchantErrorResponses;
