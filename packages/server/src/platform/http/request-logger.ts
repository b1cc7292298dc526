import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

/**
 * A request's logger (`request.log`, `reply.log`) that makes its pino child (the request id bound,
 * the route's level and serializers) when it first writes a line at a level it logs, so a request
 * that logs nothing makes none. pino makes a child eagerly (bindings serialized, formatters built:
 * ~1.5 µs, a twentieth of a cached product read, #23), and at the default level most requests write
 * no line (the request lines are at debug, request-log.ts). The lines are pino's own child's.
 * Installed by `requestLoggerOf`.
 */
export class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  fatal(...line: unknown[]): void {
    this.write('fatal', line);
  }

  error(...line: unknown[]): void {
    this.write('error', line);
  }

  warn(...line: unknown[]): void {
    this.write('warn', line);
  }

  info(...line: unknown[]): void {
    this.write('info', line);
  }

  debug(...line: unknown[]): void {
    this.write('debug', line);
  }

  trace(...line: unknown[]): void {
    this.write('trace', line);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }

  /** Writes a line through the child when this logger's level lets `level` through (pino's rule: a value at least the level's). */
  private write(level: Level, line: unknown[]): void {
    const values = this.parent.levels.values;
    if ((values[level] ?? 0) < (values[this.level] ?? Number.POSITIVE_INFINITY)) return;
    (this.made()[level] as (...args: unknown[]) => void)(...line);
  }

  private made(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }
}

/** Fastify's `childLoggerFactory` (its extension point for request loggers): a `RequestLogger` of the app's pino logger. */
export function requestLoggerOf(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(parent as Logger, bindings, options);
}
