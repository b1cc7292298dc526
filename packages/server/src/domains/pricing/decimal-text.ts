/** Exact decimals as text (PostgreSQL numeric reads as "10.0000"): shown without needless zeros. */

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** "10.0000" → "10", "0.045000" → "0.045", "7.2500" → "7.25". */
export function plainDecimal(text: string): string {
  if (!DECIMAL.test(text)) throw new RangeError(`not a decimal: ${JSON.stringify(text)}`);
  if (!text.includes('.')) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/** The number of digits after the point ("7.25" → 2). */
export function decimalScale(text: string): number {
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** Compares two non-negative decimal strings exactly: negative, 0 or positive like `a - b`. */
export function compareDecimals(left: string, right: string): number {
  const [ai, af = ''] = left.split('.');
  const [bi, bf = ''] = right.split('.');
  const intA = ai.replace(/^0+(?=\d)/, '');
  const intB = bi.replace(/^0+(?=\d)/, '');
  if (intA.length !== intB.length) return intA.length - intB.length;
  if (intA !== intB) return intA < intB ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const fa = af.padEnd(width, '0');
  const fb = bf.padEnd(width, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}
