import { z } from 'zod';

const value = z.string().max(4096);

/**
 * `/oauth2/token` body, JSON or form. The SDK sends camelCase (`grantType`, `clientId`, ...), the
 * external-login grant and standard OAuth clients snake_case: both are accepted; unknown fields are
 * ignored as RFC 6749 asks.
 */
export const TokenRequest = z.object({
  grantType: value.optional(),
  grant_type: value.optional(),
  clientId: value.optional(),
  client_id: value.optional(),
  refreshToken: value.optional(),
  refresh_token: value.optional(),
  code: value.optional(),
  codeVerifier: value.optional(),
  code_verifier: value.optional(),
  redirectUri: value.optional(),
  redirect_uri: value.optional(),
  scope: value.optional(),
  memberId: value.optional(),
  member_id: value.optional(),
  sessionToken: value.optional(),
  session_token: value.optional(),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string().optional(),
});

export const OAuthErrorResponse = z.object({ error: z.string(), error_description: z.string() });

export const JwksResponse = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** The console's code exchange at its token-mediating endpoint (the verifier of its PKCE request). */
export const ConsoleSignInRequest = z.object({
  code: value.optional(),
  codeVerifier: value.optional(),
  redirectUri: value.optional(),
});

/** What the console's page gets: the access token only (its refresh token stays in an HttpOnly cookie). */
export const ConsoleAccessAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
