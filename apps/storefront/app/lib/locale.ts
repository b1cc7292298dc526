/**
 * The shopper's locale, chosen once on the server from Accept-Language and handed to the browser in
 * the root loader's data, so numbers and dates render the same on both sides (no hydration mismatch).
 */
import { useRouteLoaderData } from 'react-router';

export const DEFAULT_LOCALE = 'en-US';

/** The first well-formed language tag of an Accept-Language header that Intl supports. */
export function localeFromHeader(header: string | null): string {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim();
    if (!tag || tag === '*') continue;
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical && Intl.NumberFormat.supportedLocalesOf([canonical]).length) return canonical;
    } catch {
      // a malformed tag: try the next one
    }
  }
  return DEFAULT_LOCALE;
}

/** Formats an amount in a currency (ISO 4217) for the locale; `whole` leaves out ".00" of a whole amount (price ranges). */
export function formatMoney(amount: number, currency: string, locale: string, whole = false): string {
  try {
    const cents = whole && Number.isInteger(amount) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {};
    return new Intl.NumberFormat(locale, { style: 'currency', currency, ...cents }).format(amount);
  } catch {
    // A code Intl does not know as a currency: the amount as the catalogue stores it.
    return `${amount} ${currency}`;
  }
}

/** A date (ISO string) as a localised calendar date; UTC, so the server and the browser agree. */
export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/** The locale the root loader chose. */
export function useLocale(): string {
  const root = useRouteLoaderData('root') as { locale?: string } | undefined;
  return root?.locale ?? DEFAULT_LOCALE;
}

/** The shop's currency the root loader passed on. */
export function useShopCurrency(): string {
  const root = useRouteLoaderData('root') as { currency?: string } | undefined;
  return root?.currency ?? 'USD';
}
