import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Path parameters whose values are capabilities (whoever has the URL has the resource, e.g. a
     * buyer's checkout id): the request log shows them as `[redacted]`.
     */
    secretPathParams?: readonly string[];
  }
}

/** Query parameters whose values are secrets and never reach the logs. */
const SECRET_PARAMS =
  /^(code|token|state|session|sessionToken|recoveryToken|access_token|refresh_token|code_verifier|password|payment_intent_client_secret)$/i;

/**
 * A URL for the logs: secret query values, and the path segments holding one of `secretPathValues`
 * (the decoded values of the route's secret path parameters), replaced by `[redacted]`.
 */
function redactUrl(url: string, secretPathValues: readonly string[] = []): string {
  const queryAt = url.indexOf('?');
  const path = redactPath(queryAt < 0 ? url : url.slice(0, queryAt), secretPathValues);
  if (queryAt < 0) return path;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[redacted]');
  return `${path}?${params.toString()}`;
}

function redactPath(path: string, secretValues: readonly string[]): string {
  if (!secretValues.length) return path;
  return path
    .split('/')
    .map((segment) => (secretValues.includes(decodeSegment(segment)) ? '[redacted]' : segment))
    .join('/');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The values of the matched route's secret path parameters (none before routing or for an unknown path). */
function secretPathValuesOf(req: FastifyRequest): string[] {
  const names = req.routeOptions?.config?.secretPathParams ?? [];
  const params = (req.params ?? {}) as Record<string, unknown>;
  return names.flatMap((name) => (typeof params[name] === 'string' && params[name] !== '' ? [params[name] as string] : []));
}

/** pino serializer of requests: method, redacted URL, no headers (they carry tokens and cookies). */
export function requestLogSerializer(req: FastifyRequest) {
  return { method: req.method, url: redactUrl(req.url, secretPathValuesOf(req)), remoteAddress: req.ip };
}
