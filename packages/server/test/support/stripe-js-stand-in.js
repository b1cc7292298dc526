// A stand-in for Stripe.js v3 in the tests (issue #20): the calls the pay page makes, answered the way
// Stripe.js answers them. Served by stripe-stub.ts at /js/v3/; its API calls go to the same origin.
(() => {
  const api = new URL(document.currentScript.src).origin;
  window.Stripe = (publishableKey) => ({
    elements({ clientSecret }) {
      return {
        clientSecret,
        create(type) {
          return {
            mount(selector) {
              const field = document.createElement('div');
              field.setAttribute('data-testid', `stripe-${type}-element`);
              field.textContent = 'Test card 4242 4242 4242 4242';
              document.querySelector(selector).append(field);
            },
          };
        },
      };
    },
    async confirmPayment({ elements, confirmParams }) {
      const intentId = elements.clientSecret.split('_secret_')[0];
      const answer = await fetch(`${api}/v1/payment_intents/${intentId}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key: publishableKey, client_secret: elements.clientSecret, return_url: confirmParams.return_url }),
      });
      const intent = await answer.json();
      if (intent.error) return { error: intent.error };
      const back = new URL(confirmParams.return_url);
      back.searchParams.set('payment_intent', intent.id);
      back.searchParams.set('payment_intent_client_secret', intent.client_secret);
      back.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
      window.location.assign(back.toString());
      return new Promise(() => {});
    },
  });
})();
