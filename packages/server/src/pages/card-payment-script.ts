/**
 * The pay step's script (issue #20): mounts Stripe's Payment Element in `#payment-element` and, on
 * "Pay", confirms the PaymentIntent with Stripe, which sends the buyer to the return URL on our
 * server (where the order is placed). A refusal Stripe answers at once (a declined card) is shown on
 * the page. The keys and URLs come from the form's data attributes (the publishable key only).
 *
 * `mountCardPayment` runs in the browser, inlined by its source text with the page's CSP nonce: it
 * must stay self-contained (no imports, no outer variables).
 */

/** The part of Stripe.js the page uses. */
interface StripeJs {
  elements(o: { clientSecret: string }): { create(type: 'payment'): { mount(target: string): void } };
  confirmPayment(o: { elements: unknown; confirmParams: { return_url: string } }): Promise<{ error?: { message?: string } }>;
}

function mountCardPayment(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-card-payment]');
  const errorLine = document.getElementById('card-error');
  const stripeFactory = (window as unknown as { Stripe?: (key: string) => StripeJs }).Stripe;
  if (!form || !errorLine) return;
  const showError = (message: string) => {
    errorLine.textContent = message;
    errorLine.hidden = false;
    errorLine.focus();
  };
  if (!stripeFactory) {
    showError('The card form could not be loaded. Check your connection and reload the page.');
    return;
  }
  const { publishableKey, clientSecret, returnUrl } = form.dataset as Record<string, string>;
  const stripe = stripeFactory(publishableKey);
  const elements = stripe.elements({ clientSecret });
  elements.create('payment').mount('#payment-element');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button) button.disabled = true;
    errorLine.hidden = true;
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
    // Only reached when Stripe did not redirect: the payment was refused or the details are incomplete.
    if (button) button.disabled = false;
    showError(error?.message ?? 'The payment did not go through. Please try again.');
  });
}

const SCRIPT = `(${mountCardPayment.toString()})();`;

/** The script's text, for the page's nonce'd inline script. */
export function cardPaymentScript(): string {
  return SCRIPT;
}
