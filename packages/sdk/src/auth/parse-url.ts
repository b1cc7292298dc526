import type { ParsedAuthResult } from '../types/auth.js';

/**
 * Reads `code`, `state`, `error` and `error_description` of a return address, from its fragment
 * (default) or its query string.
 */
export function parseFromUrl(url?: string, responseMode: 'fragment' | 'query' = 'fragment'): ParsedAuthResult {
  const u = new URL(url ?? location.href);
  const p = new URLSearchParams(responseMode === 'query' ? u.search : u.hash.slice(1));
  const error = p.get('error');
  return { code: p.get('code'), state: p.get('state'), ...(error && { error, errorDescription: p.get('error_description') }) };
}
