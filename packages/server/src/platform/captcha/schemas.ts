import { z } from 'zod';

/** `GET /_api/captcha/challenge` query: which widget asks (both verify the same way). */
export const ChallengeQuery = z.object({
  kind: z.enum(['visible', 'invisible']).default('visible').describe('visible: interactive widget; invisible: solved on page load'),
});

/**
 * An ALTCHA v2 challenge as the widget reads it. The parameters object is loose on purpose: the
 * signature covers every key, so a key this schema did not list must pass through, not be stripped.
 */
export const ChallengeResponse = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().int().optional(),
    parallelism: z.number().int().optional(),
    expiresAt: z.number().int().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
