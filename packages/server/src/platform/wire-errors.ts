import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DomainError, type ErrorTable, type FieldViolation, ValidationFailure } from './errors.js';
import { safeParseReportingInput, violationsFromZod } from './field-violations.js';

/** The body of an application error, as WIRE.md "server side" gives it. */
export function applicationErrorBody(message: string, description: string, code: string, data: Record<string, unknown> = {}) {
  return { message, details: { applicationError: { description, code, data } } };
}

/** The body of a validation error: HTTP 400 with field violations. */
export function validationErrorBody(violations: FieldViolation[]) {
  const list = violations.map((violation) => `"${violation.field}" ${violation.description}`).join(', ');
  return { message: `INVALID_ARGUMENT: ${list}`, details: { validationError: { fieldViolations: violations } } };
}

/** Thrown by the schema validator: carries the violations, already in wire form. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly violations: FieldViolation[]) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

/** Fastify validator compiler for zod schemas that keeps the spec's violation form. */
export function zodValidatorCompiler({ schema, httpPart }: { schema: z.ZodType; httpPart?: string }) {
  return (data: unknown) => {
    const result = safeParseReportingInput(schema, data);
    if (result.success) return { value: result.data };
    // Query-string and path problems are named as they are in the request, bodies as their fields.
    const prefix = httpPart === 'querystring' || httpPart === 'params' || httpPart === 'body' ? [] : [httpPart ?? ''];
    return { error: new RequestValidationError(violationsFromZod(result.error.issues, prefix)) };
  };
}

const upperSnake = (text: string) =>
  text
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

/**
 * Installs the error answers: schema and service validation → 400 with violations; domain errors
 * through the error table; Fastify's own 4xx (bad JSON, too large, rate limit) as application
 * errors; anything else masked as a system error with the request id, and logged.
 */
export function installErrorHandling(
  app: FastifyInstance,
  table: ErrorTable,
  htmlNotFound?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>,
): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof RequestValidationError || err instanceof ValidationFailure) {
      const violations = err instanceof RequestValidationError ? err.violations : err.violations;
      return reply.status(400).send(validationErrorBody(violations));
    }
    if (err instanceof DomainError) {
      const spec = table[err.code];
      if (spec) {
        const description = err.description ?? spec.description;
        return reply.status(spec.status).send(applicationErrorBody(spec.message, description, spec.wireCode ?? err.code, err.data));
      }
    }
    if (isCancelledStatement(err)) {
      request.log.warn({ err }, 'database statement cancelled (statement_timeout)');
      const description = `The database took too long to answer; try again later, request-id: ${request.id}`;
      return reply
        .status(503)
        .send(applicationErrorBody('Service Unavailable', description, 'DATABASE_TIMEOUT', { requestId: request.id }));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const text = STATUS_TEXT[status] ?? 'Bad Request';
      const description = status === 429 ? 'Too many requests; try again later' : clientMessage(err);
      const headers = status === 429 ? { 'retry-after': reply.getHeader('retry-after') } : {};
      return reply
        .status(status)
        .headers(headers)
        .send(applicationErrorBody(text, description, upperSnake(text)));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(systemErrorBody(request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // A browser navigating to a page that does not exist (yet) gets a page, API clients the wire error.
    if (htmlNotFound && request.method === 'GET' && /\btext\/html\b/.test(request.headers.accept ?? '')) {
      return htmlNotFound(request, reply);
    }
    return reply.status(404).send(applicationErrorBody('Not Found', `No route for ${request.method} ${path}`, 'NOT_FOUND'));
  });
}

/** PostgreSQL's `query_canceled` (SQLSTATE 57014): what a statement past `statement_timeout` fails with. */
const isCancelledStatement = (err: unknown) => (err as { code?: unknown }).code === '57014';

/** The masked answer to anything unexpected: the request id, never the exception's message. */
function systemErrorBody(requestId: string) {
  const description = `System error occurred, request-id: ${requestId}`;
  return applicationErrorBody('System error occurred', description, 'SYSTEM_ERROR', { requestId });
}

/**
 * Fastify's `frameworkErrors`: URLs rejected before routing (undecodable, over-long parameter) skip
 * every hook and the error handler, so this answers them in the same form and sets the request id.
 */
export function frameworkErrorAnswer(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Wix-Request-Id', request.id);
  if (err.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send(applicationErrorBody('Bad Request', 'The URL is not valid', 'BAD_REQUEST'));
  } else if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send(applicationErrorBody('URI Too Long', 'A path parameter is too long', 'URI_TOO_LONG'));
  } else {
    request.log.error({ err }, 'framework error');
    reply.status(500).send(systemErrorBody(request.id));
  }
}

/** Why Node refused to read a request, by its parser's code: [status, description]. */
function clientErrorOf(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Request headers are too large'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request was not received in time'];
  return [400, 'The request could not be read (malformed request line or header)'];
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses (bad header bytes, headers over
 * the size limit, a malformed request line) never become requests, so no hook or error handler sees
 * them. They are answered here in the wire form with a fresh request id, in the header and the body.
 */
export function clientErrorAnswer(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer (Node's own handler says the same).
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const requestId = crypto.randomUUID();
  const [status, description] = clientErrorOf(err.code);
  const text = STATUS_CODES[status] ?? 'Bad Request';
  this.log.info({ err, requestId }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(applicationErrorBody(text, description, upperSnake(text), { requestId }));
    const head = [
      `HTTP/1.1 ${status} ${text}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Wix-Request-Id: ${requestId}`,
      'Connection: close',
    ];
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy();
}

/** Fastify's messages for client errors are safe to show (they name the problem, not internals). */
export function clientMessage(err: FastifyError): string {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) return 'Body is not valid JSON';
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body is too large';
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type';
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Body cannot be empty when content-type is application/json';
  return err.message;
}
