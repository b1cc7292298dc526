import { generateKeyPair, SignJWT } from 'jose';

/**
 * A well-formed visitor access token of `issuer`, signed by a key no database holds, under a random kid
 * of our format (an RFC 7638 thumbprint's 43 characters): what a forger or a stale client sends.
 */
export async function tokenOfAnUnknownKey(issuer: string): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256');
  const kid = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  return new SignJWT({ sub: 'v1', role: 'visitor', client_id: 'c' })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' })
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime('60s')
    .sign(privateKey);
}
