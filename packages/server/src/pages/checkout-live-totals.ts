/**
 * The hosted checkout's one script (issue #19 "one source of truth for the price"): with JavaScript,
 * the page asks for new totals as soon as a field that changes them changes, instead of the "Update"
 * button a page without JavaScript uses. It posts the same form to the same update URL, reads the page
 * that answers, and swaps in its live parts (summary, shipping choices, payment choices, notice and the
 * fingerprint of the totals shown). "Place order" waits for an update still under way; if that update
 * changed the total, the order is not sent: the buyer sees the new total first. The server checks the
 * fingerprint again, so this script only spares the buyer a round trip; it guarantees nothing.
 *
 * `enhanceCheckout` runs in the browser, inlined by its source text with the page's CSP nonce: it must
 * stay self-contained (no imports, no outer variables).
 */
import { COUPON_ACTION, COUPON_INPUT } from './checkout-coupon-field.js';

/** The ids the page gives its live parts (the script swaps exactly these). */
const LIVE_PART_IDS = [
  'checkout-notice',
  'order-summary',
  'section-coupon',
  'section-delivery',
  'section-payment',
  'shown-totals',
  'shown-total',
];

/** The coupon field's input and button names (pages/checkout-coupon-field.tsx). */
const COUPON_FIELDS = { input: COUPON_INPUT, action: COUPON_ACTION };

/** Fields whose change can change the totals (address, shipping choice). */
const TOTALS_FIELDS = ['country', 'subdivision', 'postalCode', 'city', 'addressLine', 'addressLine2', 'shippingOption', 'timeSlot'];

function enhanceCheckout(liveIds: string[], totalsFields: string[], coupon: { input: string; action: string }): void {
  const form = document.querySelector<HTMLFormElement>('form[data-checkout]');
  if (!form) return;
  const checkoutForm = form;
  const updateButton = checkoutForm.querySelector<HTMLButtonElement>('button[data-update]');
  const updateUrl = updateButton?.formAction;
  if (!updateButton || !updateUrl) return;
  updateButton.hidden = true;

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  /** the coupon button pressed ("apply" or "remove"), sent with the next update */
  let couponAction: string | undefined;

  const shownTotals = () => document.querySelector<HTMLInputElement>('#shown-totals')?.value;

  /** Posts the form as "Update" would and swaps the answer's live parts into this page. */
  async function update(): Promise<void> {
    const body = new URLSearchParams();
    const action = couponAction;
    couponAction = undefined;
    // A code typed but not applied stays out of the totals until its button is pressed.
    for (const [name, value] of new FormData(checkoutForm))
      if (typeof value === 'string' && (action || name !== coupon.input)) body.append(name, value);
    if (action) body.append(coupon.action, action);
    checkoutForm.setAttribute('aria-busy', 'true');
    try {
      const answer = await fetch(updateUrl as string, {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      // Only the page's elements are wanted: its style sheets (another nonce) would each be reported as a CSP violation.
      const html = (await answer.text()).replace(/<style[\s\S]*?<\/style>/g, '');
      const next = new DOMParser().parseFromString(html, 'text/html');
      const focusedId = document.activeElement?.id;
      // What the buyer is typing in the coupon field stays, unless this update was its button's.
      const couponInput = () => checkoutForm.elements.namedItem(coupon.input) as HTMLInputElement | null;
      const typed = action ? undefined : couponInput()?.value;
      for (const id of liveIds) {
        const fresh = next.getElementById(id);
        const current = document.getElementById(id);
        if (fresh && current) current.replaceWith(document.importNode(fresh, true));
      }
      // Parts that follow the country (its states, the name of its postal codes) change only when the
      // country did; what the buyer typed in them meanwhile stays (a list of states starts afresh).
      for (const fresh of next.querySelectorAll<HTMLElement>('[data-follows-country]')) {
        const current = document.getElementById(fresh.id);
        if (!current || current.dataset.followsCountry === fresh.dataset.followsCountry) continue;
        const swapped = document.importNode(fresh, true);
        for (const typedInto of current.querySelectorAll<HTMLInputElement>('input[type="text"]')) {
          const twin = swapped.querySelector<HTMLInputElement>(`input[type="text"][name="${typedInto.name}"]`);
          if (twin) twin.value = typedInto.value;
        }
        current.replaceWith(swapped);
      }
      const input = couponInput();
      if (typed && input) input.value = typed;
      if (focusedId && !document.activeElement?.id) document.getElementById(focusedId)?.focus();
    } finally {
      checkoutForm.removeAttribute('aria-busy');
    }
  }

  /** Runs the update now, and once more after it if fields changed meanwhile; resolves when all are done. */
  function flush(): Promise<void> {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
      again = true;
    }
    if (!running && again) {
      again = false;
      running = update().finally(() => {
        running = undefined;
      });
    }
    return (running ?? Promise.resolve()).then(() => (again || timer !== undefined ? flush() : undefined));
  }

  /** Asks for new totals once the buyer pauses: `delay` ms after the last change. */
  function schedule(event: Event, delay: number): void {
    const field = event.target as HTMLInputElement | null;
    if (!field?.name || !totalsFields.includes(field.name)) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      again = true;
      void flush();
    }, delay);
  }
  // A choice counts at once (a short pause joins a radio click with the text field it blurred);
  // typing counts when the buyer stops typing.
  checkoutForm.addEventListener('change', (event) => schedule(event, 150));
  checkoutForm.addEventListener('input', (event) => {
    if ((event.target as HTMLInputElement | null)?.type === 'text') schedule(event, 600);
  });

  let placing = false;
  checkoutForm.addEventListener('submit', (event) => {
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name === coupon.action) {
      // Apply or remove the coupon (or Enter in any field: the coupon's button is the form's first):
      // the totals are asked for with it, and the page's live parts swapped.
      event.preventDefault();
      couponAction = submitter.value;
      again = true;
      void flush().catch(() => undefined);
      return;
    }
    if (placing || submitter === updateButton) return;
    event.preventDefault();
    const seen = shownTotals();
    placing = true;
    flush()
      .catch(() => undefined)
      .then(() => {
        if (shownTotals() === seen) {
          checkoutForm.submit();
          return;
        }
        // The total moved while the buyer clicked: they see it before anything is sent.
        placing = false;
        const notice = document.getElementById('checkout-notice');
        if (notice) {
          // Before what the server said about the change (the cart changed, the options are updated).
          notice.textContent = `Your total changed. Check the order summary, then place your order. ${notice.textContent ?? ''}`.trim();
          notice.hidden = false;
          notice.focus();
        }
      });
  });
}

/** The inline script: `enhanceCheckout` called with the page's ids, made once. */
const SCRIPT = `(${enhanceCheckout.toString()})(${[LIVE_PART_IDS, TOTALS_FIELDS, COUPON_FIELDS].map((a) => JSON.stringify(a)).join(', ')});`;
if (/<\/script/i.test(SCRIPT)) throw new Error('checkout-live-totals: the inline script may not contain a closing script tag');

export function checkoutScript(): string {
  return SCRIPT;
}
