/**
 * Applies `fn` to the value at each space-separated dotted path of `obj`, in place. Arrays met
 * on the way (and at the end, unless `whole`) are walked; a segment ending in `{}` walks a map's
 * values. Absent values are left alone. Callers pass objects they own (never the caller's).
 */
export function atPaths(obj: unknown, paths: string | undefined, fn: (value: any) => unknown, whole?: boolean): void {
  if (paths) for (const path of paths.split(' ')) walk(obj, path.split('.'), 0, fn, whole);
}

function walk(node: any, parts: string[], i: number, fn: (value: any) => unknown, whole?: boolean): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, parts, i, fn, whole);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  let key = parts[i];
  const map = key.endsWith('{}');
  if (map) key = key.slice(0, -2);
  const value = node[key];
  if (value === undefined) return;
  if (map) {
    for (const childKey of Object.keys(value ?? {})) {
      if (i === parts.length - 1) value[childKey] = fn(value[childKey]);
      else walk(value[childKey], parts, i + 1, fn, whole);
    }
  } else if (i < parts.length - 1) walk(value, parts, i + 1, fn, whole);
  else node[key] = Array.isArray(value) && !whole ? value.map(fn) : fn(value);
}
