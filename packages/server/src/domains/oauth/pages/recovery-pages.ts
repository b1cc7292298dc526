/**
 * What the hosted reset page says around its form: a link that can no longer be used (said at once,
 * with a way to ask for a new one), and where a member goes once the password is saved.
 */
import type { ErrorPageProps } from '../../../pages/error-page.js';
import type { RecoveryLink } from './identity-port.js';

type PageBase = Pick<ErrorPageProps, 'shopName' | 'nonce'>;

/** A used, expired or unknown link: said before anything is typed, with the way to a new one. */
export function usedLinkPage(base: PageBase): ErrorPageProps {
  return {
    ...base,
    title: 'This link was used or has expired',
    message: 'A password link works once, for a limited time. Ask for a new one and use the newest e-mail we send.',
    link: { href: '/account/forgot-password', label: 'Ask for a new link' },
  };
}

/**
 * The password is saved: "changed" when the account had one, "set" for a first one (an account a
 * merchant made), and a way on: the sign-in the link came from, else the console for a merchant,
 * else the shop.
 */
export function passwordSavedPage(base: PageBase, link: RecoveryLink): ErrorPageProps {
  const next = link.redirectUrl
    ? { href: link.redirectUrl, label: 'Sign in' }
    : link.merchant
      ? { href: '/console/', label: 'Sign in to the console' }
      : { href: '/', label: 'Continue to the shop' };
  return {
    ...base,
    title: link.hasPassword ? 'Your password was changed' : 'Your password is set',
    message: `You can now sign in as ${link.email} with your new password.`,
    link: next,
  };
}
