/**
 * A link a page or an e-mail may carry from data it does not control (a tracking URL, a callback,
 * an order link): an absolute http(s) URL, as its normalised href; anything else (`javascript:`,
 * `data:`, relative or unparsable text) is dropped.
 */
export function webLink(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
}
