import { expect } from 'vitest';
import { type Answer, send } from './http.js';
import type { TestServer } from './test-server.js';

/** A JSON call to the test server with its merchant API key. */
export function merchantCall(server: TestServer, method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { authorization: server.apiKey };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return send(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** A merchant's action on an order (`POST /ecom/v1/orders/{id}/{action}`: mark-as-paid, fulfill, cancel, notes…). */
export function orderAction(server: TestServer, orderId: string, action: string, body: unknown = {}): Promise<Answer> {
  return merchantCall(server, 'POST', `/ecom/v1/orders/${orderId}/${action}`, body);
}

/** The `field: violatedRule` pairs of a 400 validation answer (asserts it is one). */
export function violationRules(answer: { status: number; body: any }): string[] {
  expect(answer.status).toBe(400);
  return answer.body.details.validationError.fieldViolations.map(
    (violation: { field: string; violatedRule: string }) => `${violation.field}: ${violation.violatedRule}`,
  );
}
