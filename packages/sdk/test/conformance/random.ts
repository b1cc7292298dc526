/**
 * The seeded randomness of README "Replaying a case" step 1: seed = FNV-1a 32-bit of the case id
 * (over UTF-16 code units), generator = mulberry32, one output per byte (`& 0xff`).
 */

/** FNV-1a, 32 bits, over UTF-16 code units (offset 0x811c9dc5, prime 0x01000193). */
export function fnv1a32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: each call returns the next unsigned 32-bit output. */
export function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** A `crypto.getRandomValues` replacement: fills every byte of the view with one output `& 0xff`. */
export function seededGetRandomValues(caseId: string): <T extends ArrayBufferView | null>(array: T) => T {
  const next = mulberry32(fnv1a32(caseId));
  return (array) => {
    if (array === null || !ArrayBuffer.isView(array)) throw new TypeError('getRandomValues: expected an integer typed array');
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xff;
    return array;
  };
}
