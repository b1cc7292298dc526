const num = (h: URLSearchParams, k: string) => Number(h.get(k));
/** `/<encoded name>` when there is a name. */
const named = (name?: string) => (name ? `/${encodeURIComponent(name)}` : '');

/** Splits `wix:<kind>://v1/<id>/<name>#<hash>` (a legacy `<kind>://v1/…` too); undefined for other URLs. */
function parseWixUri(v: string, kind: string) {
  const prefix = `${kind}://v1/`;
  const s = v.startsWith('wix:') ? v.slice(4) : v;
  if (!s.startsWith(prefix)) return undefined;
  const [path, hash] = s.slice(prefix.length).split('#');
  const [id, name] = path.split('/');
  return { id, name, hash: new URLSearchParams(hash) };
}

/** `wix:image://v1/<id>/<file>#originWidth=W&originHeight=H` -> image object; other URLs -> `{url}`. */
export function imageToWire(v: any): unknown {
  if (!v) return undefined;
  const m = parseWixUri(v, 'image');
  if (!m) return { url: v };
  // The reference decodes a missing file name to the text "undefined"; storefront code may rely on it.
  const name = decodeURIComponent(m.name as string);
  return {
    id: m.id,
    height: num(m.hash, 'originHeight'),
    width: num(m.hash, 'originWidth'),
    ...(name && { altText: name, filename: name }),
  };
}

/** image object -> `wix:image://v1/…` (or its plain url when it has no id). */
export const imageFromWire = (v: any): unknown =>
  v
    ? v.id
      ? `wix:image://v1/${v.id}${named(v.filename || v.altText)}#originWidth=${v.width}&originHeight=${v.height}`
      : v.url
    : undefined;

/** `wix:video://v1/<id>/<file>#posterUri=…&posterWidth=…&posterHeight=…` -> video object. */
export function videoToWire(v: any): unknown {
  if (!v) return undefined;
  const m = parseWixUri(v, 'video');
  if (!m) return { url: v };
  const poster = m.hash.get('posterUri');
  return {
    id: m.id,
    ...(m.name && { filename: decodeURIComponent(m.name) }),
    ...(poster && { posters: [{ id: poster, height: num(m.hash, 'posterHeight'), width: num(m.hash, 'posterWidth') }] }),
  };
}

/** video object -> `wix:video://v1/…` (the second poster when there are two or more). */
export function videoFromWire(v: any): unknown {
  if (!v) return undefined;
  const p = v.posters?.[1] || v.posters?.[0];
  const id = p && (p.id || (p.url?.includes('/') && p.url.split('/').pop()));
  const poster = id ? `#posterUri=${id}&posterWidth=${p.width}&posterHeight=${p.height}` : '';
  return v.id ? `wix:video://v1/${v.id}${named(v.filename)}${poster}` : v.url;
}
