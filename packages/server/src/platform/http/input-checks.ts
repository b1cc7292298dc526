import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldViolation } from '../errors.js';
import { fieldPath } from '../field-violations.js';
import { RequestValidationError } from '../wire-errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route applies the string rule itself, to answer in its own protocol's form (GraphQL: an
     * INVALID_ARGUMENT error in `errors`, as for any bad argument): the HTTP-level check leaves it alone.
     */
    checksOwnStrings?: boolean;
  }
}

/**
 * How deep a request's values may nest (objects and arrays). No route takes more than a filter's
 * few levels; deeper values only cost the validators' recursion (a stack overflow is a 500).
 */
export const MAX_INPUT_DEPTH = 32;

const BAD_TEXT = 'must not contain NUL characters or unpaired UTF-16 surrogates';
/** Violations named in one answer: enough to fix a request, too few to make a large answer of a large hostile body. */
const MAX_REPORTED = 10;

/** A high surrogate without its low half, or a low one without its high half (code units: no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL (text and jsonb) and UTF-8 can hold the string: no NUL, no lone surrogate. */
export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * The violations of one parsed input (body, query or params): every string, object key included,
 * must be storable text, and nothing may nest deeper than MAX_INPUT_DEPTH. Walks without recursion,
 * so any depth the JSON parser accepted is safe to look at.
 */
export function inputViolations(input: unknown, prefix: readonly PropertyKey[] = []): FieldViolation[] {
  const out: FieldViolation[] = [];
  const pending: { value: unknown; path: readonly PropertyKey[] }[] = [{ value: input, path: prefix }];
  while (pending.length > 0 && out.length < MAX_REPORTED) {
    const { value, path } = pending.pop() as { value: unknown; path: readonly PropertyKey[] };
    if (typeof value === 'string') {
      if (!isStorableText(value))
        out.push({ field: fieldPath(path), description: BAD_TEXT, violatedRule: 'FORMAT', data: { type: 'TEXT' } });
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (path.length - prefix.length >= MAX_INPUT_DEPTH) {
      const description = `must not nest deeper than ${MAX_INPUT_DEPTH} levels`;
      out.push({ field: fieldPath(path), description, violatedRule: 'MAX', data: { max: MAX_INPUT_DEPTH } });
      continue;
    }
    const entries: [PropertyKey, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
    // reversed onto the stack, so that violations come out in the order of the request; a storable
    // string (most of a request) is looked at here, without making its path
    for (const [key, child] of entries.reverse()) {
      if (typeof key === 'string' && !isStorableText(key)) {
        out.push({ field: fieldPath(path), description: `has a key that ${BAD_TEXT}`, violatedRule: 'FORMAT', data: { type: 'TEXT' } });
      } else if (typeof child !== 'string' || !isStorableText(child)) pending.push({ value: child, path: [...path, key] });
    }
  }
  return out;
}

/** The request parts a client writes, named as the validator names them in violations. */
const PARTS = ['params', 'query', 'body'] as const satisfies readonly (keyof FastifyRequest)[];

/**
 * The one rule for every string a client sends, on every route (JSON and form bodies, GraphQL
 * variables, query strings, path parameters): checked before any schema, so no route can forget
 * it; a violation is the validation error (400) routes answer in their own form.
 */
export function installInputChecks(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.routeOptions.config.checksOwnStrings) return done();
    const violations = PARTS.flatMap((part) => inputViolations(request[part]));
    done(violations.length > 0 ? new RequestValidationError(violations) : undefined);
  });
}
