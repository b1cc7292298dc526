/** The query parameter prefix of a chosen option: `opt.Color=White`. */
export const OPTION_PARAM = 'opt.';

/** The resource URL of an option selection's availability (routes/resources.options-availability.ts). */
export function availabilityUrl(productId: string, selection: Record<string, string>): string {
  const search = new URLSearchParams({ product: productId });
  for (const [name, value] of Object.entries(selection)) search.append(`${OPTION_PARAM}${name}`, value);
  return `/resources/options-availability?${search}`;
}
