/**
 * The shop's staff over HTTP under `/_api/vitrine/v1/merchants` (issue #24, the console's staff
 * page): the owner lists the merchants and pending invites, invites by e-mail (the mail's link lets
 * the invitee choose a password) and removes a merchant or revokes an invite. `GET /me` answers any
 * merchant who they are and their role, which the console reads to show only what they may do.
 */
import { MerchantRole } from '@vitrine/sdk';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller, requireOwner } from '../../platform/caller.js';
import { DomainError } from '../../platform/errors.js';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';
import { IdentityErrors } from './errors.js';
import type { MerchantAccounts, MerchantView } from './merchants.js';

const BASE = '/_api/vitrine/v1/merchants';
const Role = z.enum([MerchantRole.OWNER, MerchantRole.STAFF]);

const Merchant = z.object({
  id: z.string(),
  email: z.string(),
  role: Role,
  pending: z.boolean().describe('invited: the link to choose a password is not used yet'),
  createdDate: z.iso.datetime(),
});
const Errors = {
  400: z.union([ValidationErrorResponse, ApplicationErrorResponse]),
  401: ApplicationErrorResponse,
  403: ApplicationErrorResponse,
};
const IdParams = z.strictObject({ id: z.uuid() });
const InviteBody = z.strictObject({ email: z.string().min(1).max(254), role: Role });

const wireMerchant = (merchant: MerchantView) => ({ ...merchant, createdDate: merchant.createdDate.toISOString() });

export async function merchantRoutes(app: FastifyInstance, deps: { merchants: MerchantAccounts }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const byId = async (id: string) => (await deps.merchants.listWithRoles()).find((merchant) => merchant.id === id);

  routes.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'List the merchants and pending invites, oldest first (owner only)',
        response: { 200: z.object({ merchants: z.array(Merchant) }), ...Errors },
      },
    },
    async (request) => {
      requireOwner(request);
      return { merchants: (await deps.merchants.listWithRoles()).map(wireMerchant) };
    },
  );

  routes.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Invite a merchant by e-mail: the account gets the role, and a link to choose a password when it has none (owner only)',
        body: InviteBody,
        response: { 200: z.object({ merchant: Merchant }), ...Errors, 409: ApplicationErrorResponse },
      },
    },
    async (request) => {
      requireOwner(request);
      const made = await deps.merchants.create(request.body.email, request.body.role);
      const merchant = await byId(made.identity.id);
      if (!merchant) throw new DomainError(IdentityErrors.IDENTITY_NOT_FOUND);
      return { merchant: wireMerchant(merchant) };
    },
  );

  routes.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Remove a merchant or revoke an invite; never oneself or the last owner (owner only)',
        params: IdParams,
        response: { 200: z.object({}), ...Errors, 404: ApplicationErrorResponse, 409: ApplicationErrorResponse },
      },
    },
    async (request) => {
      const caller = requireOwner(request);
      await deps.merchants.removeById(request.params.id, 'merchantId' in caller ? caller.merchantId : '');
      return {};
    },
  );

  routes.get(
    `${BASE}/me`,
    {
      schema: {
        tags,
        summary: 'The signed-in merchant and their role',
        response: { 200: z.object({ merchant: z.object({ id: z.string(), email: z.string(), role: Role }) }), ...Errors },
      },
    },
    async (request) => {
      const caller = requireCaller(request, 'merchant');
      // An API key stands for the owner who made it: no person, full rights.
      if (!('merchantId' in caller)) return { merchant: { id: '', email: '', role: MerchantRole.OWNER } };
      const merchant = await byId(caller.merchantId);
      if (!merchant) throw new DomainError(IdentityErrors.IDENTITY_NOT_FOUND);
      return { merchant: { id: merchant.id, email: merchant.email, role: merchant.role } };
    },
  );
}
