/** A webhook endpoint (never its secret). */
export interface Webhook {
  _id?: string;
  url?: string;
  /** event types delivered; empty: all */
  eventTypes?: string[];
  active?: boolean;
  _createdDate?: Date;
}

/** Answer of `webhooks.addWebhook`: the endpoint, and its signing secret, shown this once. */
export interface AddWebhookResponse {
  webhook?: Webhook;
  /** the HMAC-SHA256 signing secret of the `vitrine-signature` header */
  secret?: string;
}

/** One line of a webhook's delivery log. */
export interface WebhookDelivery {
  _id?: string;
  eventId?: string;
  eventType?: string;
  entityId?: string;
  status?: 'pending' | 'delivered' | 'failed' | 'dead';
  attempts?: number;
  /** open deliveries: when the next attempt is due */
  nextAttemptDate?: Date | null;
  lastStatusCode?: number | null;
  lastError?: string | null;
  deliveredDate?: Date | null;
  _createdDate?: Date;
}

/** How a test delivery went (it is in the delivery log too). */
export interface TestDelivery {
  _id?: string;
  eventId?: string;
  eventType?: string;
  status?: 'pending' | 'delivered' | 'failed' | 'dead';
  attempts?: number;
  /** the endpoint's HTTP status, when it answered */
  statusCode?: number | null;
  error?: string | null;
}

/** A merchant API key (never its secret). */
export interface ApiKey {
  _id?: string;
  name?: string;
  _createdDate?: Date;
  /** set once revoked: the key no longer works */
  revokedDate?: Date | null;
}

/** Answer of `apiKeys.createApiKey`: the key's record, and the key itself, shown this once. */
export interface CreateApiKeyResponse {
  apiKey?: ApiKey;
  /** send it as `Authorization`, or give it to `ApiKeyStrategy({ apiKey })` */
  key?: string;
}

/** The buyer's mails about an order, one template each. */
export type OrderMailKind = 'order-received' | 'payment-received' | 'shipped' | 'cancelled' | 'refunded';

/** A buyer's mail rendered for an order without being sent (`mails.previewMail`). */
export interface MailPreview {
  kind?: OrderMailKind;
  /** the order shown; null: a sample order (the shop has none yet) */
  orderId?: string | null;
  subject?: string;
  /** the HTML document as it would be sent */
  html?: string;
  /** the plain-text part as it would be sent */
  text?: string;
}

/** A mail of the outbox with its state. */
export interface OutboxMail {
  _id?: string;
  kind?: string;
  to?: string;
  orderId?: string | null;
  subject?: string;
  /** pending: waiting or to be retried; failed: given up after the last attempt (retry it with `mails.retryMail`) */
  status?: 'pending' | 'sent' | 'failed';
  attempts?: number;
  /** why the last attempt failed */
  lastError?: string | null;
  /** pending: when the next attempt is due */
  nextAttemptDate?: Date | null;
  sentDate?: Date | null;
  _createdDate?: Date;
}
