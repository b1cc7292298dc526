import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLoggerOf } from './request-logger.js';

/** The app's logger (Fastify's pino) writing JSON lines into `lines`, counting the children it makes. */
function appLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const made = { children: 0 };
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
  const logger = Fastify({ logger: { level, stream, onChild: () => made.children++ } }).log;
  return { logger, lines, made };
}

describe('a request logger (#23)', () => {
  it('makes no pino child for a request that writes no line at its level', () => {
    const { logger, lines, made } = appLogger('info');
    const log = requestLoggerOf(logger, { reqId: 'r1' }, {});
    log.debug({ req: {} }, 'incoming request');
    log.trace('detail');
    expect([made.children, lines]).toEqual([0, []]);
  });

  it("writes a line at its level through pino's child, with the request's bindings", () => {
    const { logger, lines, made } = appLogger('info');
    const log = requestLoggerOf(logger, { reqId: 'r1' }, {});
    log.info({ part: 'body' }, 'first');
    log.error('second');
    expect(made.children).toBe(1);
    expect(lines.map(({ level, reqId, part, msg }) => ({ level, reqId, part, msg }))).toEqual([
      { level: 30, reqId: 'r1', part: 'body', msg: 'first' },
      { level: 50, reqId: 'r1', part: undefined, msg: 'second' },
    ]);
  });

  it("follows the route's own level (`logLevel`) over the app's", () => {
    const { logger, lines } = appLogger('info');
    const log = requestLoggerOf(logger, { reqId: 'r1' }, { level: 'warn' });
    log.info('dropped');
    log.warn('kept');
    expect([log.level, lines.map((line) => line.msg)]).toEqual(['warn', ['kept']]);
  });

  it('writes nothing at level silent', () => {
    const { logger, lines } = appLogger('silent');
    requestLoggerOf(logger, { reqId: 'r1' }, {}).fatal('dropped');
    expect(lines).toEqual([]);
  });
});
