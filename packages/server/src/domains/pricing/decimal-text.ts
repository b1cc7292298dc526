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

/** Compares two non-negative decimal strings exactly: negative, 0 or positive like `left - right`. */
export function compareDecimals(left: string, right: string): number {
  const [leftWhole = '', leftFraction = ''] = left.split('.');
  const [rightWhole = '', rightFraction = ''] = right.split('.');
  const wholeLeft = leftWhole.replace(/^0+(?=\d)/, '');
  const wholeRight = rightWhole.replace(/^0+(?=\d)/, '');
  if (wholeLeft.length !== wholeRight.length) return wholeLeft.length - wholeRight.length;
  if (wholeLeft !== wholeRight) return wholeLeft < wholeRight ? -1 : 1;
  const width = Math.max(leftFraction.length, rightFraction.length);
  const paddedLeft = leftFraction.padEnd(width, '0');
  const paddedRight = rightFraction.padEnd(width, '0');
  return paddedLeft === paddedRight ? 0 : paddedLeft < paddedRight ? -1 : 1;
}
