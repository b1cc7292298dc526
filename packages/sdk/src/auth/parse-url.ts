import type { ParsedAuthResult } from '../types/auth.js';

/**
 * Reads `code`, `state`, `error` and `error_description` of a return address, from its fragment
 * (default) or its query string.
 */
export function parseFromUrl(url?: string, responseMode: 'fragment' | 'query' = 'fragment'): ParsedAuthResult {
  const parsed = new URL(url ?? location.href);
  const params = new URLSearchParams(responseMode === 'query' ? parsed.search : parsed.hash.slice(1));
  const error = params.get('error');
  return {
    code: params.get('code'),
    state: params.get('state'),
    ...(error && { error, errorDescription: params.get('error_description') }),
  };
}
