import { defineErrors } from '../../platform/errors.js';

export const RedirectErrors = defineErrors({
  NO_FLOW: {
    status: 400,
    message: 'Invalid redirect session',
    description: 'Exactly one flow (auth, logout, login, ecomCheckout, ...) is required',
  },
  UNKNOWN_CLIENT: { status: 400, message: 'Invalid redirect session', description: 'The client id is not registered' },
  CLIENT_REQUIRED: {
    status: 400,
    message: 'Invalid redirect session',
    description: 'Callbacks need a client: call with a visitor or member access token of that client',
  },
  UNREGISTERED_URI: {
    status: 400,
    message: 'Invalid redirect session',
    description: 'The URL is not a registered redirect URI of the client',
  },
  NO_MESSAGE_ORIGIN: {
    status: 400,
    message: 'Invalid redirect session',
    description: 'responseMode web_message needs a redirectUri or a request Origin registered for the client',
  },
  REDIRECT_URI_REQUIRED: {
    status: 400,
    message: 'Invalid redirect session',
    description: 'redirectUri is required for this response mode',
  },
  INVALID_SESSION_TOKEN: {
    status: 400,
    message: 'Invalid redirect session',
    description: 'The session token is not valid, expired or was used',
  },
  FLOW_NOT_CONFIGURED: {
    status: 400,
    message: 'Redirect target not configured',
    description: 'This shop has no page for this flow (set VITRINE_REDIRECT_TEMPLATES)',
  },
});
