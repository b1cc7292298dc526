import { useState } from 'react';

/**
 * A field's value that follows the URL: what the shopper typed stays (even while an earlier change is
 * still loading) until the URL's own value for the field changes (back button, a link, a submit).
 */
export function useUrlValue<T>(fromUrl: T): [T, (value: T) => void] {
  const [seen, setSeen] = useState(fromUrl);
  const [value, setValue] = useState(fromUrl);
  if (!Object.is(seen, fromUrl)) {
    setSeen(fromUrl);
    setValue(fromUrl);
    return [fromUrl, setValue];
  }
  return [value, setValue];
}
