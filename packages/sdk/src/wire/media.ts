const num = (params: URLSearchParams, key: string) => Number(params.get(key));
/** `/<encoded name>` when there is a name. */
const named = (name?: string) => (name ? `/${encodeURIComponent(name)}` : '');

/** Splits `wix:<kind>://v1/<id>/<name>#<hash>` (a legacy `<kind>://v1/…` too); undefined for other URLs. */
function parseWixUri(uri: string, kind: string) {
  const prefix = `${kind}://v1/`;
  const rest = uri.startsWith('wix:') ? uri.slice(4) : uri;
  if (!rest.startsWith(prefix)) return undefined;
  const [path, hash] = rest.slice(prefix.length).split('#');
  const [id, name] = path.split('/');
  return { id, name, hash: new URLSearchParams(hash) };
}

/** `wix:image://v1/<id>/<file>#originWidth=W&originHeight=H` -> image object; other URLs -> `{url}`. */
export function imageToWire(image: any): unknown {
  if (!image) return undefined;
  const parsed = parseWixUri(image, 'image');
  if (!parsed) return { url: image };
  // The reference decodes a missing file name to the text "undefined"; storefront code may rely on it.
  const name = decodeURIComponent(parsed.name as string);
  return {
    id: parsed.id,
    height: num(parsed.hash, 'originHeight'),
    width: num(parsed.hash, 'originWidth'),
    ...(name && { altText: name, filename: name }),
  };
}

/** image object -> `wix:image://v1/…` (or its plain url when it has no id). */
export const imageFromWire = (image: any): unknown =>
  image
    ? image.id
      ? `wix:image://v1/${image.id}${named(image.filename || image.altText)}#originWidth=${image.width}&originHeight=${image.height}`
      : image.url
    : undefined;

/** `wix:video://v1/<id>/<file>#posterUri=…&posterWidth=…&posterHeight=…` -> video object. */
export function videoToWire(video: any): unknown {
  if (!video) return undefined;
  const parsed = parseWixUri(video, 'video');
  if (!parsed) return { url: video };
  const poster = parsed.hash.get('posterUri');
  return {
    id: parsed.id,
    ...(parsed.name && { filename: decodeURIComponent(parsed.name) }),
    ...(poster && { posters: [{ id: poster, height: num(parsed.hash, 'posterHeight'), width: num(parsed.hash, 'posterWidth') }] }),
  };
}

/** video object -> `wix:video://v1/…` (the second poster when there are two or more). */
export function videoFromWire(video: any): unknown {
  if (!video) return undefined;
  const chosen = video.posters?.[1] || video.posters?.[0];
  const id = chosen && (chosen.id || (chosen.url?.includes('/') && chosen.url.split('/').pop()));
  const poster = id ? `#posterUri=${id}&posterWidth=${chosen.width}&posterHeight=${chosen.height}` : '';
  return video.id ? `wix:video://v1/${video.id}${named(video.filename)}${poster}` : video.url;
}
