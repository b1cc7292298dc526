import type { MerchantRole } from '@vitrine/sdk';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A column the database fills in when it is left out of an insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** A timestamp: read as a Date, written as a Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: always written as a JSON string (pg rejects JS arrays for jsonb; TOOLCHAIN pitfall 11). */
type Json<T> = ColumnType<T, string, string>;

export interface SigningKeysTable {
  kid: string;
  alg: string;
  public_jwk: Json<Record<string, unknown>>;
  private_jwk: Json<Record<string, unknown>>;
  created_at: DefaultedTimestamp;
  retired_at: Timestamp | null;
  /** set by `vitrine keys revoke`: the key verifies nothing from then on (migration 0031) */
  revoked_at: Timestamp | null;
}

export interface ApiKeysTable {
  id: string;
  name: string;
  key_hash: string;
  created_at: DefaultedTimestamp;
  revoked_at: Timestamp | null;
}

export interface OAuthClientsTable {
  id: string;
  name: string;
  redirect_uris: Defaulted<string[]>;
  allowed_origins: Defaulted<string[]>;
  created_at: DefaultedTimestamp;
  refresh_policy: Defaulted<'rotate' | 'reuse'>;
  /** 0011: whose tokens the client gets: shoppers' (visitor, member) or merchants' (the console) */
  audience: Defaulted<'shopper' | 'merchant'>;
}

export interface IdentitiesTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  status: string;
  status_reasons: Defaulted<string[]>;
  email_verified: Defaulted<boolean>;
  /** 'member', or 'merchant' (0011: may sign in to the console) */
  role: Defaulted<'member' | 'merchant'>;
  /** 'owner' or 'staff' for a merchant, null for a member (0026) */
  merchant_role: ColumnType<MerchantRole | null, MerchantRole | null | undefined, MerchantRole | null>;
  must_reset_password: Defaulted<boolean>;
  profile: ColumnType<Record<string, unknown>, string | undefined, string>;
  revision: Defaulted<number>;
  created_date: DefaultedTimestamp;
  updated_date: DefaultedTimestamp;
  last_login_at: Timestamp | null;
}

export interface VisitorsTable {
  id: Generated<string>;
  client_id: string;
  member_id: string | null;
  linked_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface RefreshFamiliesTable {
  id: Generated<string>;
  client_id: string;
  role: string;
  visitor_id: string | null;
  member_id: string | null;
  created_at: DefaultedTimestamp;
  revoked_at: Timestamp | null;
  revoke_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AuthRequestsTable {
  id: string;
  client_id: string;
  redirect_uri: string | null;
  message_origin: string | null;
  code_challenge: string;
  code_challenge_method: string;
  response_mode: string;
  scope: string;
  state: string;
  prompt: string;
  member_id: string | null;
  visitor_id: string | null;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
}

export interface AuthCodesTable {
  code_hash: string;
  client_id: string;
  redirect_uri: string | null;
  code_challenge: string;
  scope: string;
  member_id: string;
  visitor_id: string | null;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  issued_family_id: string | null;
}

export interface RedirectSessionsTable {
  id: string;
  kind: string;
  client_id: string | null;
  data: Json<Record<string, unknown>>;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
}

export interface IdentityTokensTable {
  token_hash: string;
  kind: 'session' | 'state';
  identity_id: string;
  client_id: string | null;
  visitor_id: string | null;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface VerificationCodesTable {
  id: Generated<string>;
  identity_id: string;
  code_hash: string;
  attempts: Defaulted<number>;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface RecoveryTokensTable {
  token_hash: string;
  identity_id: string;
  redirect_url: string | null;
  client_id: string | null;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface HostedSessionsTable {
  id_hash: string;
  identity_id: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** An identity's account at an OIDC identity provider (the `iss` and `sub` of its ID tokens). */
export interface IdentityLinksTable {
  issuer: string;
  subject: string;
  identity_id: string;
  created_at: DefaultedTimestamp;
}

export interface CountersTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface CaptchaSpentTable {
  signature: string;
  expires_at: Timestamp;
}

export interface DevMailboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  created_at: DefaultedTimestamp;
}

/** A decimal column: pg reads numeric as a string (exact); written as a string or a number. */
type Decimal = ColumnType<string, string | number, string | number>;
type DefaultedDecimal = ColumnType<string, string | number | undefined, string | number>;

export interface ProductsTable {
  id: Generated<string>;
  name: string;
  slug: string;
  description: Defaulted<string>;
  product_type: Defaulted<'physical' | 'digital'>;
  visible: Defaulted<boolean>;
  sku: string | null;
  brand: string | null;
  ribbon: string | null;
  currency: Defaulted<string>;
  price: DefaultedDecimal;
  discount_type: Defaulted<'NONE' | 'AMOUNT' | 'PERCENT'>;
  discount_value: DefaultedDecimal;
  cost: Decimal | null;
  weight: Decimal | null;
  track_inventory: Defaulted<boolean>;
  in_stock: Defaulted<boolean>;
  quantity: number | null;
  price_per_unit: Json<Record<string, unknown>> | null;
  manage_variants: Defaulted<boolean>;
  product_options: ColumnType<unknown[], string | undefined, string>;
  media: ColumnType<unknown[], string | undefined, string>;
  additional_info_sections: ColumnType<unknown[], string | undefined, string>;
  custom_text_fields: ColumnType<unknown[], string | undefined, string>;
  seo_data: Json<Record<string, unknown>> | null;
  price_min: DefaultedDecimal;
  price_max: DefaultedDecimal;
  cost_min: Decimal | null;
  cost_max: Decimal | null;
  weight_min: Decimal | null;
  weight_max: Decimal | null;
  inventory_status: Defaulted<'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK'>;
  created_date: DefaultedTimestamp;
  last_updated: DefaultedTimestamp;
}

export interface ProductVariantsTable {
  id: Generated<string>;
  product_id: string;
  choices: ColumnType<Record<string, string>, string | undefined, string>;
  choices_key: string;
  position: Defaulted<number>;
  sku: string | null;
  price: Decimal | null;
  cost: Decimal | null;
  weight: Decimal | null;
  visible: Defaulted<boolean>;
  in_stock: Defaulted<boolean>;
  quantity: number | null;
}

export interface CollectionsTable {
  id: Generated<string>;
  name: string;
  slug: string;
  description: Defaulted<string>;
  visible: Defaulted<boolean>;
  media: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_date: DefaultedTimestamp;
  updated_date: DefaultedTimestamp;
}

export interface ProductCollectionsTable {
  collection_id: string;
  product_id: string;
  added_at: DefaultedTimestamp;
}

/** 0024: a product's weighted search document (kept by catalog/search-store.ts). */
export interface ProductSearchTable {
  product_id: string;
  /** tsvector, read only inside SQL */
  document: string;
  /** 0030: copied from the product by trigger (what search filters, counts and pages by) */
  visible: Generated<boolean>;
  price_min: Generated<string>;
  /** 0040: the product's sort keys (`name_key`: its lowercased name), so a listing walks product_search alone */
  created_date: Generated<Date>;
  name_key: Generated<string>;
  in_stock: Generated<boolean>;
  on_sale: Generated<boolean>;
  collection_ids: Generated<string[]>;
  /** "<option name>\u001f<choice label>" */
  choice_keys: Generated<string[]>;
  /** "<option name>\u001f<choice label>\u001f<option type>\u001f<swatch or ''>" */
  choice_looks: Generated<string[]>;
}

/** 0024: the words typos are corrected to. */
export interface SearchWordsTable {
  word: string;
}

/** 0038: every lexeme of the search documents: a word being typed is looked up as the lexemes that start with it. */
export interface SearchLexemesTable {
  lexeme: string;
}

/** 0036: each visible product's name as its stemmed words from each word on, for suggestions' prefix look-ups. */
export interface SearchNameSuffixesTable {
  suffix: string;
  product_id: string;
}

export interface MediaFilesTable {
  id: string;
  file_name: string;
  content_type: string;
  /** int8: read as a string */
  size_bytes: ColumnType<string, number | string, number | string>;
  width: number | null;
  height: number | null;
  storage_key: string;
  created_at: DefaultedTimestamp;
}

/** The event outbox (`0004_events.sql`). `sequence` is int8: read as a string. */
export interface EventsTable {
  id: string;
  sequence: ColumnType<string, never, never>;
  type: string;
  entity_type: string;
  entity_id: string;
  payload: Json<Record<string, unknown>>;
  identity: Json<Record<string, unknown>>;
  created_at: DefaultedTimestamp;
}

/** A merchant's webhook endpoint; `secret` is the HMAC key of its signatures (select it only to sign). */
export interface WebhooksTable {
  id: Generated<string>;
  url: string;
  secret: string;
  event_types: Defaulted<string[]>;
  active: Defaulted<boolean>;
  created_at: DefaultedTimestamp;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'dead';

/** One event to one webhook, with its attempts. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  webhook_id: string;
  event_id: string;
  event_sequence: ColumnType<string, string | number, string | number>;
  entity_type: string;
  entity_id: string;
  status: Defaulted<DeliveryStatus>;
  attempts: Defaulted<number>;
  next_attempt_at: DefaultedTimestamp;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

/** A queued mail's state: waiting (or retrying), sent, or given up after the last attempt. */
export type OutboxMailStatus = 'pending' | 'sent' | 'failed';

/** One mail of the outbox (`0017_mail_outbox.sql`): its template's data, rendered when sent. */
export interface MailOutboxTable {
  id: Generated<string>;
  kind: string;
  to_address: string;
  subject_id: string | null;
  /** the template's data as JSON text */
  data: ColumnType<unknown, string, string>;
  status: Defaulted<OutboxMailStatus>;
  attempts: Defaulted<number>;
  next_attempt_at: DefaultedTimestamp;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

/** jsonb with a database default: optional on insert. */
type DefaultedJson<T> = ColumnType<T, string | undefined, string>;
type Scope = 'ALL' | 'PRODUCTS' | 'COLLECTIONS';

/** Shop-wide pricing settings: one row (`0008_cart_pricing_orders.sql`). */
export interface ShopSettingsTable {
  id: Defaulted<boolean>;
  tax_included_in_prices: Defaulted<boolean>;
  tax_mode: Defaulted<'MANUAL' | 'AUTO' | 'NONE'>;
  tax_shipping: Defaulted<boolean>;
  updated_date: DefaultedTimestamp;
}

export interface CouponsTable {
  id: Generated<string>;
  code: string;
  name: string;
  kind: 'PERCENT' | 'AMOUNT' | 'FREE_SHIPPING' | 'FIXED_PRICE';
  value: DefaultedDecimal;
  scope: Defaulted<Scope>;
  scope_ids: Defaulted<string[]>;
  minimum_subtotal: Decimal | null;
  starts_at: Timestamp | null;
  expires_at: Timestamp | null;
  usage_limit: number | null;
  limit_per_customer: number | null;
  times_used: Defaulted<number>;
  active: Defaulted<boolean>;
  created_date: DefaultedTimestamp;
  updated_date: DefaultedTimestamp;
}

export interface ShippingRegionsTable {
  id: Generated<string>;
  name: string;
  countries: Defaulted<string[]>;
  subdivisions: Defaulted<string[]>;
  position: Defaulted<number>;
  created_date: DefaultedTimestamp;
}

export interface ShippingOptionsTable {
  id: Generated<string>;
  region_id: string;
  code: string;
  title: string;
  carrier_id: Defaulted<string>;
  kind: 'FLAT' | 'WEIGHT' | 'PICKUP';
  price: DefaultedDecimal;
  weight_tiers: DefaultedJson<{ upTo: string; price: string }[]>;
  free_above: Decimal | null;
  delivery_time: string | null;
  pickup: Json<{ method: 'STORE_PICKUP' | 'PICKUP_POINT'; address?: Record<string, unknown>; instructions?: string }> | null;
  time_slots: DefaultedJson<{ from: string; to: string }[]>;
  position: Defaulted<number>;
  active: Defaulted<boolean>;
}

export interface TaxRatesTable {
  id: Generated<string>;
  name: string;
  jurisdiction_type: 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';
  country: string;
  subdivision: string | null;
  county: string | null;
  city: string | null;
  postal_codes: Defaulted<string[]>;
  rate: Decimal;
  applies_to_shipping: Defaulted<boolean>;
  created_date: DefaultedTimestamp;
}

export interface MembershipPlansTable {
  id: Generated<string>;
  name: string;
  scope: Defaulted<Scope>;
  scope_ids: Defaulted<string[]>;
  credits: number | null;
  active: Defaulted<boolean>;
  created_date: DefaultedTimestamp;
}

export interface MemberMembershipsTable {
  id: Generated<string>;
  plan_id: string;
  member_id: string;
  expires_at: Timestamp | null;
  credits_remaining: number | null;
  created_date: DefaultedTimestamp;
}

export interface CartsTable {
  id: Generated<string>;
  visitor_id: string | null;
  member_id: string | null;
  revision: Defaulted<number>;
  currency: string;
  buyer_note: string | null;
  contact_info: Json<Record<string, unknown>> | null;
  email: string | null;
  selected_shipping_option: Json<{ code: string; carrierId?: string | null }> | null;
  coupon_id: string | null;
  merchant_discounts: DefaultedJson<(({ amount: string } | { percentage: string }) & { lineItemIds?: string[] })[]>;
  checkout_id: string | null;
  created_date: DefaultedTimestamp;
  updated_date: DefaultedTimestamp;
}

export interface CartLineItemsTable {
  id: Generated<string>;
  cart_id: string;
  position: number;
  quantity: number;
  catalog_item_id: string | null;
  app_id: string | null;
  catalog_options: Json<Record<string, unknown>> | null;
  product_id: string | null;
  variant_id: string | null;
  custom: Json<Record<string, unknown>> | null;
  catalog_override_fields: Json<Record<string, unknown>> | null;
  service_properties: Json<Record<string, unknown>> | null;
  merge_key: string;
  created_date: DefaultedTimestamp;
}

export interface IdempotencyKeysTable {
  owner: string;
  operation: string;
  key: string;
  request_hash: string;
  response: Json<unknown>;
  created_at: DefaultedTimestamp;
}

export interface CheckoutsTable {
  id: Generated<string>;
  cart_id: string | null;
  cart_revision: Defaulted<number>;
  visitor_id: string | null;
  member_id: string | null;
  channel_type: Defaulted<string>;
  currency: string;
  email: string | null;
  shipping_address: Json<Record<string, unknown>> | null;
  billing_address: Json<Record<string, unknown>> | null;
  contact_info: Json<Record<string, unknown>> | null;
  selected_shipping_option: Json<{ code: string; carrierId?: string | null }> | null;
  buyer_note: string | null;
  coupon_id: string | null;
  merchant_discounts: DefaultedJson<(({ amount: string } | { percentage: string }) & { lineItemIds?: string[] })[]>;
  line_items: Json<Record<string, unknown>[]>;
  status: Defaulted<'OPEN' | 'COMPLETED'>;
  order_id: string | null;
  created_date: DefaultedTimestamp;
  updated_date: DefaultedTimestamp;
  /** 0021: when the hosted page filled in the member's details (once; NULL: not yet, or not a member's) */
  member_prefilled_at: Timestamp | null;
}

export interface OrdersTable {
  id: Generated<string>;
  /** int8: read as a string */
  number: ColumnType<string, never, never>;
  checkout_id: string;
  visitor_id: string | null;
  member_id: string | null;
  email: string;
  currency: string;
  status: Defaulted<'APPROVED' | 'CANCELED'>;
  payment_status: Defaulted<'NOT_PAID' | 'PENDING' | 'PAID' | 'PARTIALLY_REFUNDED' | 'FULLY_REFUNDED'>;
  payment_method: string;
  coupon_id: string | null;
  line_items: Json<Record<string, unknown>[]>;
  totals: Json<Record<string, unknown>>;
  shipping_address: Json<Record<string, unknown>> | null;
  billing_address: Json<Record<string, unknown>> | null;
  contact_info: Json<Record<string, unknown>> | null;
  shipping_option: Json<Record<string, unknown>> | null;
  created_date: DefaultedTimestamp;
  /** 0009_order_updates.sql */
  updated_date: DefaultedTimestamp;
  fulfillment_status: Defaulted<'NOT_FULFILLED' | 'PARTIALLY_FULFILLED' | 'FULFILLED'>;
  /** 0010_order_actions.sql */
  paid_date: Timestamp | null;
  fulfilled_date: Timestamp | null;
  tracking_number: string | null;
  tracking_url: string | null;
  canceled_date: Timestamp | null;
  cancel_reason: string | null;
  /** what placement took from the catalogue (NULL: placed before 0010) */
  reserved_stock: Json<Record<string, unknown>[]> | null;
  /** numeric, generated from `totals.total`: read as a string */
  total: ColumnType<string, never, never>;
  /** 0022: the shop's order-number prefix when the order was placed ('' before) */
  number_prefix: Defaulted<string>;
  /** 0016_order_fulfillments_refunds.sql: the order's fulfilments and refunds (`order-history.ts`) */
  fulfillments: DefaultedJson<Record<string, unknown>[]>;
  refunds: DefaultedJson<Record<string, unknown>[]>;
  /** 0015_card_payments.sql: the provider's id of what paid the order (a Stripe PaymentIntent) */
  payment_reference: Defaulted<string | null>;
}

/** The shop's details: one row (`0022_shop_profile_payment_methods.sql`). */
export interface ShopProfileTable {
  id: Defaulted<boolean>;
  shop_name: string | null;
  contact_email: string | null;
  address: Json<Record<string, unknown>> | null;
  sender_name: string | null;
  sender_email: string | null;
  time_zone: Defaulted<string>;
  order_number_prefix: Defaulted<string>;
  seeded_from_config: Defaulted<boolean>;
  updated_date: DefaultedTimestamp;
}

/** One way to pay (0022): `details` may be shown, `secrets` never leave the server. */
export interface PaymentMethodsTable {
  id: 'card' | 'bank-transfer' | 'cash-on-delivery' | 'pay-on-pickup';
  enabled: boolean;
  details: DefaultedJson<Record<string, unknown>>;
  secrets: DefaultedJson<Record<string, unknown>>;
  position: number;
  updated_date: DefaultedTimestamp;
}

/** 0018_order_status_timeline.sql: the secret signing order-status links (the newest not retired signs). */
export interface OrderLinkSecretsTable {
  id: Generated<string>;
  /** base64url, 32 random bytes */
  secret: string;
  created_at: DefaultedTimestamp;
  retired_at: Timestamp | null;
}

/** 0018_order_status_timeline.sql: one change of an order, who made it and when (notes included). */
export interface OrderActivitiesTable {
  id: Generated<string>;
  order_id: string;
  kind: string;
  /** the event identity of whoever made the change */
  who: Json<Record<string, unknown>>;
  detail: DefaultedJson<Record<string, unknown>>;
  /** a NOTE's text; NULL once removed */
  note: string | null;
  created_date: DefaultedTimestamp;
  removed_date: Timestamp | null;
  removed_by: Json<Record<string, unknown>> | null;
}

/** 0015_card_payments.sql: the Stripe PaymentIntents made for checkouts, one per totals fingerprint. */
export interface CardPaymentIntentsTable {
  intent_id: string;
  checkout_id: string;
  totals_fingerprint: string;
  failure: string | null;
  created_date: DefaultedTimestamp;
  updated_date: DefaultedTimestamp;
  /** 0023: when the pay step last showed it */
  shown_date: DefaultedTimestamp;
  /** 0023: when Stripe cancelled it (replaced, or the checkout ordered otherwise) */
  canceled_date: Timestamp | null;
}

/** 0015_card_payments.sql: the Stripe events already handled. */
export interface StripeEventsTable {
  event_id: string;
  type: string;
  received_date: DefaultedTimestamp;
}

/** Every table, as Kysely sees it. One interface per table, combined here. */
/** 0027: one change of a variant's stock quantity (issue #24), written in the change's transaction. */
export interface InventoryChangesTable {
  /** int8: read as a string */
  id: ColumnType<string, never, never>;
  product_id: string;
  variant_id: string;
  quantity_before: number | null;
  quantity_after: number | null;
  /** the event identity type of who changed it */
  actor_type: string;
  actor_id: string | null;
  reason: string;
  order_id: string | null;
  note: string | null;
  created_date: DefaultedTimestamp;
}

export interface Database {
  signing_keys: SigningKeysTable;
  api_keys: ApiKeysTable;
  oauth_clients: OAuthClientsTable;
  identities: IdentitiesTable;
  visitors: VisitorsTable;
  refresh_families: RefreshFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  auth_requests: AuthRequestsTable;
  auth_codes: AuthCodesTable;
  redirect_sessions: RedirectSessionsTable;
  identity_tokens: IdentityTokensTable;
  verification_codes: VerificationCodesTable;
  recovery_tokens: RecoveryTokensTable;
  hosted_sessions: HostedSessionsTable;
  identity_links: IdentityLinksTable;
  counters: CountersTable;
  captcha_spent: CaptchaSpentTable;
  dev_mailbox: DevMailboxTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  collections: CollectionsTable;
  product_collections: ProductCollectionsTable;
  product_search: ProductSearchTable;
  search_words: SearchWordsTable;
  search_lexemes: SearchLexemesTable;
  search_name_suffixes: SearchNameSuffixesTable;
  media_files: MediaFilesTable;
  events: EventsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  mail_outbox: MailOutboxTable;
  shop_settings: ShopSettingsTable;
  coupons: CouponsTable;
  shipping_regions: ShippingRegionsTable;
  shipping_options: ShippingOptionsTable;
  tax_rates: TaxRatesTable;
  membership_plans: MembershipPlansTable;
  member_memberships: MemberMembershipsTable;
  carts: CartsTable;
  cart_line_items: CartLineItemsTable;
  idempotency_keys: IdempotencyKeysTable;
  checkouts: CheckoutsTable;
  orders: OrdersTable;
  shop_profile: ShopProfileTable;
  payment_methods: PaymentMethodsTable;
  order_link_secrets: OrderLinkSecretsTable;
  order_activities: OrderActivitiesTable;
  card_payment_intents: CardPaymentIntentsTable;
  stripe_events: StripeEventsTable;
  inventory_changes: InventoryChangesTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
