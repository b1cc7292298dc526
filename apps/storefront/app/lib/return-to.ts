/** Where the account pages send the shopper once signed in: `?returnTo=`, kept to this site. */
import { useSearchParams } from 'react-router';

/** Where the account pages go by default (after signing in, or when `returnTo` is refused). */
export const ACCOUNT_HOME = '/me';

/** Tabs, line breaks and the like, which URL parsing drops (`/\t/host` would become `//host`). */
const hasControlCharacter = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * The `returnTo` query parameter as a path on this site, else `/me`: only a relative path starting
 * with a single `/` is taken (not `//host`, `/\host`, an absolute URL or a control character), and
 * never the sign-in pages themselves (no loop).
 */
export function safeReturnTo(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw[1] === '/' || raw[1] === '\\' || hasControlCharacter(raw)) return ACCOUNT_HOME;
  const base = 'http://same.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return ACCOUNT_HOME;
  }
  if (url.origin !== base) return ACCOUNT_HOME;
  if (/^\/me\/(login|register|callback|forgot-password)\/?$/.test(url.pathname)) return ACCOUNT_HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page's `?returnTo=`, checked. */
export function useReturnTo(): string {
  const [params] = useSearchParams();
  return safeReturnTo(params.get('returnTo'));
}

/** `?returnTo=…` to carry to another account page, empty for the default. */
export const returnToQuery = (returnTo: string) => (returnTo === ACCOUNT_HOME ? '' : `?returnTo=${encodeURIComponent(returnTo)}`);
