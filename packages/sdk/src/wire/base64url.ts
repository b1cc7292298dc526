/** base64url of bytes, without padding (PKCE values, `.r` query payloads). */
export function base64url(bytes: Uint8Array): string {
  let bin = '';
  // A loop, not String.fromCharCode(...bytes): a long query payload would overflow the call stack.
  for (const byte of bytes) bin += String.fromCharCode(byte);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
