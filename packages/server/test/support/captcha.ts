import { solveChallenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/sha';
import type { IssuedChallenge } from '../../src/platform/captcha/challenges.js';

/** Solves a challenge as the widget does and encodes the payload it would submit (base64 JSON). */
export async function solveToToken(challenge: IssuedChallenge): Promise<string> {
  const deriveKey = challenge.parameters.algorithm === 'SHA-256' ? sha : pbkdf2;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('challenge not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The token with its payload changed by `edit` (re-encoded as the client would). */
export function tamper(token: string, edit: (payload: { challenge: IssuedChallenge; solution: Record<string, unknown> }) => void): string {
  const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  edit(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
