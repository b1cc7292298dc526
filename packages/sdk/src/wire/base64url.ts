/** base64url of bytes, without padding (PKCE values, `.r` query payloads). */
export function base64url(bytes: Uint8Array): string {
  let bin = '';
  // A loop, not String.fromCharCode(...bytes): a long query payload would overflow the call stack.
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
