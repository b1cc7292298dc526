/**
 * What the pay page's CSP allows for Stripe (issue #20): exactly the origin Stripe.js is loaded from
 * (`STRIPE_JS_URL`), the frames it opens (its own origin; with Stripe's own Stripe.js also
 * `hooks.stripe.com`, where 3-D Secure pages live) and the API it calls (`STRIPE_API_BASE_URL`'s origin).
 */
const STRIPE_JS_ORIGIN = 'https://js.stripe.com';
const STRIPE_HOOKS_ORIGIN = 'https://hooks.stripe.com';

export function stripePageOrigins(stripe: { jsUrl: string; apiBaseUrl: string }) {
  const scriptOrigin = new URL(stripe.jsUrl).origin;
  return {
    scriptOrigin,
    frameOrigins: scriptOrigin === STRIPE_JS_ORIGIN ? [scriptOrigin, STRIPE_HOOKS_ORIGIN] : [scriptOrigin],
    connectOrigins: [new URL(stripe.apiBaseUrl).origin],
  };
}
