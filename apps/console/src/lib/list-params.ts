import { useSearchParams } from 'react-router';

/**
 * A list's state in the URL's search: `change({ sort: 'price-asc' })` sets values (an empty one is
 * left out) and goes back to the first page unless the change is the page itself.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const change = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [k, value] of Object.entries(next)) {
      if (value) merged.set(k, value);
      else merged.delete(k);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged);
  };
  return [params, change] as const;
}
