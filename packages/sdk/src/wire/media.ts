/** `wix:image://v1/<id>/<file>#originWidth=W&originHeight=H` (legacy `image://v1/…` too) -> image object. */
export function imageToWire(v: any): unknown {
  if (!v) return undefined;
  const m = parseWixUri(v, 'image');
  if (!m) return { url: v };
  const name = decodeURIComponent(m.name as string);
  const res: Record<string, unknown> = { id: m.id, height: Number(m.hash.get('originHeight')), width: Number(m.hash.get('originWidth')) };
  // The reference decodes a missing file name to the text "undefined"; storefront code may rely on it.
  return name ? { ...res, altText: name, filename: name } : res;
}

/** image object -> `wix:image://v1/…` (or its plain url when it has no id). */
export function imageFromWire(v: any): unknown {
  if (!v) return undefined;
  const name = v.filename || v.altText;
  return v.id
    ? `wix:image://v1/${v.id}${name ? `/${encodeURIComponent(name)}` : ''}#originWidth=${v.width}&originHeight=${v.height}`
    : v.url;
}

/** `wix:video://v1/<id>/<file>#posterUri=…&posterWidth=…&posterHeight=…` -> video object. */
export function videoToWire(v: any): unknown {
  if (!v) return undefined;
  const m = parseWixUri(v, 'video');
  if (!m) return { url: v };
  const res: Record<string, unknown> = { id: m.id };
  if (m.name) res.filename = decodeURIComponent(m.name);
  const poster = m.hash.get('posterUri');
  if (poster) {
    res.posters = [{ id: poster, height: Number(m.hash.get('posterHeight')), width: Number(m.hash.get('posterWidth')) }];
  }
  return res;
}

/** video object -> `wix:video://v1/…` (the second poster when there are two or more). */
export function videoFromWire(v: any): unknown {
  if (!v) return undefined;
  let posterPart = '';
  const poster = v.posters?.[1] || v.posters?.[0];
  if (poster) {
    const id = poster.id || (poster.url?.includes('/') ? poster.url.slice(poster.url.lastIndexOf('/') + 1) : '');
    if (id) posterPart = `#posterUri=${id}&posterWidth=${poster.width}&posterHeight=${poster.height}`;
  }
  return v.id ? `wix:video://v1/${v.id}${v.filename ? `/${encodeURIComponent(v.filename)}` : ''}${posterPart}` : v.url;
}

function parseWixUri(v: string, kind: string) {
  const s = v.startsWith(`${kind}:`) ? `wix:${v}` : v;
  const prefix = `wix:${kind}://v1/`;
  if (typeof s !== 'string' || !s.startsWith(prefix)) return undefined;
  const [path, hash = ''] = s.slice(prefix.length).split('#');
  const [id, name] = path.split('/');
  return { id, name, hash: new URLSearchParams(hash) };
}
