import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's request log lines ("incoming request", "request completed") at `debug` instead of `info`:
 * at the default `LOG_LEVEL=info` a request writes no line (start-up, warnings and errors still do),
 * because two JSON lines per request cost about a third of a cached read's throughput (#23). An
 * operator who wants an access log sets `LOG_LEVEL=debug` or keeps the reverse proxy's. A request that
 * failed is still logged at `error`, as Fastify does. Fastify's `LogController` is its public extension
 * point for these lines.
 */
export class DebugLevelRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
