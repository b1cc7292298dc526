/**
 * The events the server publishes (spec §4 "Events published"): `<entity>.<change>`. The part before
 * the dot is the entity the event is about; deliveries are ordered per entity.
 */
export const DOMAIN_EVENT_TYPES = [
  'cart.created',
  'cart.updated',
  'cart.deleted',
  'product.created',
  'product.changed',
  'product.deleted',
  'collection.created',
  'collection.changed',
  'collection.deleted',
  'order.created',
  // the merchant's order actions: mark as paid, each fulfilment, each refund (updated: the order
  // carries its fulfilments and refunds), cancel (canceled)
  'order.updated',
  'order.canceled',
  // about the product: ordered with the product's own events
  'product.variants_changed',
] as const;

/** An event a domain publishes; webhooks may filter on these. */
export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/** Sent to one webhook on demand (`vitrine webhooks test`), whatever its filter. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export type EventType = DomainEventType | typeof WEBHOOK_TEST_EVENT;

/** Whether `type` names a published domain event (webhook filters accept only these). */
export function isDomainEventType(type: string): type is DomainEventType {
  return (DOMAIN_EVENT_TYPES as readonly string[]).includes(type);
}

/** The entity kind an event type is about: `product.variants_changed` → `product`. */
export function entityTypeOf(type: EventType): string {
  return type.slice(0, type.indexOf('.'));
}
