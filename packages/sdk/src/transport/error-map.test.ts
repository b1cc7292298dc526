import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerError, renameViolations, upperSnake } from './error-map.js';

const answer = (status: number, statusText: string, body?: unknown, requestId?: string) => ({
  status,
  statusText,
  ok: status >= 200 && status < 300,
  body,
  requestId,
});

describe('field violations', () => {
  it('renames exact paths, then the longest prefix, to argument names', () => {
    const names = { id: '_id', couponCode: 'options.couponCode', lineItems: 'options.lineItems' };
    const out = renameViolations(
      [
        { field: 'lineItems[0].quantity', description: 'must be positive' },
        { field: 'couponCode', description: 'must not be empty' },
        { field: 'id', description: 'must be a GUID' },
        { field: 'other', description: 'x' },
      ],
      names,
    );
    expect(out.map((violation) => violation.field)).toEqual(['_id', 'options.couponCode', 'options.lineItems[0].quantity', 'other']);
  });

  it('drops a violation covered by a more specific one on a known path', () => {
    const out = renameViolations(
      [
        { field: 'product', description: 'is invalid' },
        { field: 'product.id', description: 'must be a GUID' },
      ],
      { product: 'product', 'product.id': '_id' },
    );
    expect(out).toEqual([{ field: '_id', description: 'must be a GUID' }]);
  });

  it('always returns violations sorted by field, one per kept input', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ field: fc.string(), description: fc.string() })), (violations) => {
        const out = renameViolations(violations, {});
        expect(out.length).toBe(violations.length);
        for (let i = 1; i < out.length; i++) expect(out[i - 1].field <= out[i].field).toBe(true);
      }),
    );
  });

  it('renames every violation under an argument prefix', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1 }), (rests) => {
        const violations = rests.map((rest) => ({ field: `lineItems.${rest}`, description: 'bad' }));
        const out = renameViolations(violations, { lineItems: 'options.lineItems' });
        for (const violation of out) expect(violation.field.startsWith('options.lineItems.')).toBe(true);
      }),
    );
  });
});

describe('answer errors', () => {
  it('formats a validation error with sorted, renamed fields', () => {
    const body = {
      details: {
        validationError: {
          fieldViolations: [
            { field: 'b', description: 'y' },
            { field: 'a', description: 'x' },
          ],
        },
      },
    };
    const error = answerError(answer(400, 'Bad Request', body, 'req-1'));
    expect(error.message).toBe('INVALID_ARGUMENT: "a" x, "b" y');
    expect(error.status).toBe(400);
    expect(error.requestId).toBe('req-1');
  });

  it('joins message and description of an application error unless equal', () => {
    const app = (message: string) => ({ message, details: { applicationError: { code: 'C', description: 'D' } } });
    expect(answerError(answer(409, 'Conflict', app('M'))).message).toBe('M: D');
    expect(answerError(answer(409, 'Conflict', app('D'))).message).toBe('D');
  });

  it('fills a 4xx without details from the status text', () => {
    const error = answerError(answer(404, 'Not Found'));
    expect(error.message).toBe('Not Found');
    expect(error.details?.applicationError).toEqual({ description: 'Not Found', code: 'NOT_FOUND', data: {} });
  });

  it('masks a 5xx as a system error carrying the request id', () => {
    expect(answerError(answer(500, 'Internal Server Error', { message: 'x' }, 'r9')).message).toBe('System error occurred, request-id: r9');
    expect(answerError(answer(503, 'Service Unavailable')).message).toBe('System error occurred');
  });

  it('writes status texts in upper snake case', () => {
    expect(upperSnake('Precondition Required')).toBe('PRECONDITION_REQUIRED');
    expect(upperSnake("I'm a teapot")).toBe('I_M_A_TEAPOT');
  });
});
