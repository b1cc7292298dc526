import type { LocationType, MembersAccountSection, Prompt } from './enums-redirects.js';

/** Location of a bookings slot. */
export interface SlotLocation {
  _id?: string | null;
  name?: string | null;
  formattedAddress?: string | null;
  locationType?: LocationType;
}

/** A bookable session slot. */
export interface Slot {
  sessionId?: string | null;
  serviceId?: string;
  scheduleId?: string;
  /** local ISO date-time string, e.g. `2025-02-01T10:00:00.000Z` */
  startDate?: string | null;
  endDate?: string | null;
  timezone?: string | null;
  resource?: { _id?: string; name?: string | null; email?: string | null };
  location?: SlotLocation;
}

/** A slot and its availability. */
export interface SlotAvailability {
  slot?: Slot;
  bookable?: boolean;
  totalSpots?: number | null;
  openSpots?: number | null;
  waitingList?: { totalSpots?: number | null; openSpots?: number | null };
  locked?: boolean | null;
}

/** Intent: the bookings checkout for a slot. */
export interface BookingsCheckout {
  timezone?: string;
  slotAvailability?: SlotAvailability;
}

/** Intent: the ecom checkout page. */
export interface EcomCheckout {
  checkoutId?: string;
}

/** Intent: the events checkout. */
export interface EventsCheckout {
  reservationId?: string;
  eventSlug?: string;
}

/** Intent: the paid plans checkout. */
export interface PaidPlansCheckout {
  planId?: string;
  /** opaque data passed through to the checkout */
  checkoutData?: string | null;
}

/** Intent: the hosted login page (no parameters). */
export type RedirectLogin = Record<string, never>;

/** Intent: the hosted logout. */
export interface RedirectLogout {
  clientId?: string;
}

/** OAuth authorization request of an `auth` redirect (spec §7 "Redirect-session creation for auth"). */
export interface AuthorizeRequest {
  clientId?: string;
  /** always `code` */
  responseType?: string;
  redirectUri?: string | null;
  /** default `offline_access` */
  scope?: string | null;
  state?: string;
  nonce?: string | null;
  prompt?: string | null;
  codeChallenge?: string | null;
  /** always `S256` */
  codeChallengeMethod?: string | null;
  /** `query`, `fragment` (default) or `web_message` */
  responseMode?: string | null;
  /** log in this session silently */
  sessionToken?: string | null;
}

/** Intent: the hosted OAuth authorization. */
export interface RedirectAuth {
  authRequest?: AuthorizeRequest;
  prompt?: Prompt;
}

/** Intent: a store product page. */
export interface StoresProduct {
  productSlug?: string;
}

/** Intent: the bookings booking page of a resource. */
export interface BookingsBook {
  resourceId?: string;
}

/** Intent: a section of the members account page. */
export interface MembersAccount {
  section?: MembersAccountSection;
}

/** Where the hosted pages send the user back to. */
export interface CallbackParams {
  /** after the flow ends (also the logout return address) */
  postFlowUrl?: string | null;
  thankYouPageUrl?: string | null;
  cartPageUrl?: string | null;
  loginUrl?: string | null;
  bookingsServiceListUrl?: string | null;
  planListUrl?: string | null;
  paidPlansMembersUrl?: string | null;
}

/** How the hosted pages behave. */
export interface RedirectSessionPreferences {
  useGenericWixPages?: boolean | null;
  maintainIdentity?: boolean | null;
  /** added to the redirect URL's query string */
  additionalQueryParameters?: Record<string, string>;
}

/** Input of `createRedirectSession`: one intent plus callbacks and preferences (spec §3). */
export interface CreateRedirectSessionOptions {
  bookingsCheckout?: BookingsCheckout;
  ecomCheckout?: EcomCheckout;
  eventsCheckout?: EventsCheckout;
  paidPlansCheckout?: PaidPlansCheckout;
  login?: RedirectLogin;
  logout?: RedirectLogout;
  auth?: RedirectAuth;
  storesProduct?: StoresProduct;
  bookingsBook?: BookingsBook;
  membersAccount?: MembersAccount;
  callbacks?: CallbackParams;
  preferences?: RedirectSessionPreferences;
}

/** The parts of a redirect URL. */
export interface UrlDetails {
  /** the URL without its query string */
  endpoint?: string;
  searchParams?: Record<string, string>;
}

/** A redirect session: the URL to send the user to (spec §3 "Redirect session request"). */
export interface RedirectSession {
  _id?: string;
  fullUrl?: string;
  shortUrl?: string;
  urlDetails?: UrlDetails;
  /** present for `auth` sessions */
  sessionToken?: string | null;
}

/** Answer of `createRedirectSession`. */
export interface CreateRedirectSessionResponse {
  redirectSession?: RedirectSession;
}
