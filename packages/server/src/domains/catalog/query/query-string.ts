/**
 * The payload of a query GET: the whole payload as one `.r` parameter (base64url JSON, what the SDK
 * sends for nested payloads), or plain dotted parameters for simple ones
 * (`?query.paging.limit=5&includeVariants=true`, `query.filter`/`query.sort` as JSON text).
 */
import type { z } from 'zod';
import { ValidationFailure } from '../../../platform/errors.js';
import { safeParseReportingInput, violationsFromZod } from '../../../platform/field-violations.js';
import { inputViolations } from '../../../platform/http/input-checks.js';

type QueryParams = Record<string, string | string[] | undefined>;

/** A dotted parameter's text as the JSON value it stands for (numbers, booleans, JSON filters). */
function leaf(key: string, text: string): unknown {
  if (/(^|\.)(filter|sort)$/.test(key)) {
    try {
      return JSON.parse(text);
    } catch {
      throw new ValidationFailure([{ field: key, description: 'must be JSON', violatedRule: 'FORMAT' }]);
    }
  }
  if (/^-?\d+$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  return text;
}

/** `{'query.paging.limit': '5'}` → `{query: {paging: {limit: 5}}}`; a key both leaf and branch keeps the branch. */
function fromDotted(params: QueryParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(params)) {
    if (raw === undefined || key === '.r') continue;
    const parts = key.split('.');
    if (parts.some((part) => !part || part === '__proto__' || part === 'constructor' || part === 'prototype')) continue;
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next === null || typeof next !== 'object' || Array.isArray(next)) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    const last = parts.at(-1) as string;
    if (typeof node[last] === 'object' && node[last] !== null && !Array.isArray(node[last])) continue;
    node[last] = Array.isArray(raw) ? raw.map((item) => leaf(key, item)) : leaf(key, raw);
  }
  return out;
}

const badDotR = () =>
  new ValidationFailure([{ field: '.r', description: 'must be a base64url-encoded JSON object', violatedRule: 'FORMAT' }]);

/** The `.r` parameter's JSON object. */
function fromDotR(encoded: string): unknown {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(encoded)) throw badDotR();
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw badDotR();
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) throw badDotR();
  return payload;
}

/**
 * Reads and validates a query GET's payload with the same schema as its POST body.
 * @throws ValidationFailure for an undecodable `.r` or a payload the schema refuses
 */
export function payloadFromQueryString<S extends z.ZodType>(params: QueryParams, schema: S): z.infer<S> {
  const encoded = params['.r'];
  const raw = typeof encoded === 'string' ? fromDotR(encoded) : fromDotted(params);
  // JSON inside the query string (`.r`, `query.filter`) is decoded only here: the string rule follows it.
  const hostile = inputViolations(raw);
  if (hostile.length > 0) throw new ValidationFailure(hostile);
  const parsed = safeParseReportingInput(schema, raw);
  if (!parsed.success) throw new ValidationFailure(violationsFromZod(parsed.error.issues));
  return parsed.data;
}
