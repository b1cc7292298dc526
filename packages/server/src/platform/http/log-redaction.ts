import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets and never reach the logs. */
const SECRET_PARAMS = /^(code|token|state|session|sessionToken|recoveryToken|access_token|refresh_token|code_verifier|password)$/i;

/** A URL for the logs: secret query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** pino serializer of requests: method, redacted URL, no headers (they carry tokens and cookies). */
export function requestLogSerializer(req: FastifyRequest) {
  return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
}
