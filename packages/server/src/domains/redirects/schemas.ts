import { z } from 'zod';

const id = z.string().min(1).max(200);
const url = z.string().max(2048);

/** The PKCE authorization request of an `auth` session (what `getAuthUrl` sends). */
const AuthRequest = z.strictObject({
  clientId: id,
  redirectUri: url.optional(),
  responseType: z.literal('code').default('code'),
  responseMode: z.enum(['fragment', 'query', 'web_message']).default('fragment'),
  scope: z.string().max(200).default('offline_access'),
  state: z.string().min(1).max(512),
  codeChallenge: z.string().regex(/^[A-Za-z0-9\-_]{43}$/, 'must be an S256 code challenge (43 base64url characters)'),
  codeChallengeMethod: z.literal('S256'),
  sessionToken: z.string().max(512).optional(),
  idp: z.string().max(100).optional(),
});

const Callbacks = z
  .strictObject({
    postFlowUrl: url,
    thankYouPageUrl: url,
    cartPageUrl: url,
    loginUrl: url,
    bookingsServiceListUrl: url,
    planListUrl: url,
  })
  .partial();

const Preferences = z
  .strictObject({
    useGenericWixPages: z.boolean(),
    maintainIdentity: z.boolean(),
    additionalQueryParameters: z.record(z.string().max(100), z.string().max(1000)),
  })
  .partial();

/** Free-form flow data of flows hosted elsewhere (bookings, events, plans): kept, used to fill URL templates. */
const FlowData = z.record(z.string().max(100), z.unknown());

/** `POST /_api/redirects-api/v1/redirect-session`: exactly one flow, plus callbacks and preferences. */
export const CreateRedirectSessionRequest = z.strictObject({
  auth: z
    .strictObject({ authRequest: AuthRequest, prompt: z.enum(['login', 'none', 'consent', 'select_account']).default('login') })
    .optional(),
  logout: z.strictObject({ clientId: id }).optional(),
  login: z.object({}).optional(),
  ecomCheckout: z.strictObject({ checkoutId: id }).optional(),
  storesProduct: z.strictObject({ productSlug: z.string().min(1).max(300) }).optional(),
  bookingsCheckout: FlowData.optional(),
  bookingsBook: FlowData.optional(),
  eventsCheckout: FlowData.optional(),
  paidPlansCheckout: FlowData.optional(),
  callbacks: Callbacks.optional(),
  preferences: Preferences.optional(),
});
export type CreateRedirectSessionRequest = z.infer<typeof CreateRedirectSessionRequest>;

export const RedirectSessionResponse = z.object({
  redirectSession: z.object({
    id: z.string(),
    fullUrl: z.string(),
    urlDetails: z.object({ endpoint: z.string(), searchParams: z.record(z.string(), z.string()) }),
    sessionToken: z.string().optional(),
  }),
});
export type RedirectSession = z.infer<typeof RedirectSessionResponse>['redirectSession'];
