import { CartErrors } from './domains/cart/errors.js';
import { CatalogReadErrors } from './domains/catalog/read-errors.js';
import { CatalogWriteErrors } from './domains/catalog/write-errors.js';
import { CatalogueTransferErrors } from './domains/catalogue-transfer/errors.js';
import { CardPaymentErrors } from './domains/checkout/card/errors.js';
import { CheckoutErrors } from './domains/checkout/errors.js';
import { CustomerErrors } from './domains/customers/errors.js';
import { EventErrors } from './domains/events/errors.js';
import { GraphqlErrors } from './domains/graphql/errors.js';
import { IdentityErrors } from './domains/identity/errors.js';
import { MailErrors } from './domains/mails/errors.js';
import { ApiKeyErrors } from './domains/oauth/api-key-routes.js';
import { CsrfErrors } from './domains/oauth/pages/csrf.js';
import { PricingErrors } from './domains/pricing/errors.js';
import { RedirectErrors } from './domains/redirects/errors.js';
import { AuthErrors } from './platform/caller.js';
import { CaptchaErrors } from './platform/captcha/errors.js';
import type { ErrorTable } from './platform/errors.js';
import { IdempotencyErrors } from './platform/idempotency/errors.js';

/** Every domain's error codes in one table: code → HTTP status and wire body. */
export const errorTable: ErrorTable = {
  ...AuthErrors.table,
  ...CaptchaErrors.table,
  ...RedirectErrors.table,
  ...CsrfErrors.table,
  ...IdentityErrors.table,
  ...EventErrors.table,
  ...MailErrors.table,
  ...ApiKeyErrors.table,
  ...CatalogReadErrors.table,
  ...CatalogWriteErrors.table,
  ...GraphqlErrors.table,
  ...CheckoutErrors.table,
  ...CardPaymentErrors.table,
  ...PricingErrors.table,
  ...CartErrors.table,
  ...IdempotencyErrors.table,
  ...CustomerErrors.table,
  ...CatalogueTransferErrors.table,
};
