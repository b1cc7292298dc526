/** `redirects` (`@wix/redirects`): hosted pages for login, logout, checkout and more. */
import type { CreateRedirectSessionOptions, CreateRedirectSessionResponse } from '../types/index.js';
import { call } from './call.js';

export const redirects = {
  /** A session on a hosted page (login, logout, checkout, authorize…); resolves to `{redirectSession}`. @see spec section 7 "Redirect" */
  createRedirectSession: /* @__PURE__ */ call<(options?: CreateRedirectSessionOptions) => Promise<CreateRedirectSessionResponse>>({
    route: 'POST /_api/redirects-api/v1/redirect-session',
    args: [
      'options{bookingsCheckout,ecomCheckout,eventsCheckout,paidPlansCheckout,login,logout,auth,storesProduct,bookingsBook,callbacks,preferences}',
    ],
  }),
};
