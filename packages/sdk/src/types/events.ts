import type { IdentityType } from './enums-cart.js';

/** Who triggered a published event (spec §6 "Event identity kinds"). */
export interface IdentificationData {
  identityType?: IdentityType;
  anonymousVisitorId?: string;
  memberId?: string;
  wixUserId?: string;
  appId?: string;
}

/** Metadata of a published event (cart, product, collection, variants; spec §4). */
export interface EventMetadata {
  _id?: string;
  /** id of the entity the event is about */
  entityId?: string;
  /** e.g. `created`, `updated`, `deleted` */
  eventType?: string;
  eventTime?: Date;
  identity?: IdentificationData;
  /** whether the event was triggered by a trashing (soft delete) */
  triggeredByAnonymizeRequest?: boolean | null;
}
