import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** pino's levels, lowest first (the app defines no others); `silent` is none of them and lets nothing through. */
const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
type Level = (typeof LEVELS)[number];

/**
 * A request's logger (`request.log`, `reply.log`) that makes its pino child (the request id bound,
 * the route's level and serializers) when it first writes a line at a level it logs, so a request
 * that logs nothing makes none. pino makes a child eagerly (bindings serialized, formatters built:
 * ~1.5 µs, a twentieth of a cached product read, #23), and at the default level most requests write
 * no line (the request lines are at debug, request-log.ts). The lines are pino's own child's.
 * Installed by `requestLoggerOf`.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
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

  /** Writes a line through the child when this logger's level lets `level` through (pino's rule: at or above it). */
  private write(level: Level, line: unknown[]): void {
    const lowest = LEVELS.indexOf(this.level as Level);
    if (lowest < 0 || LEVELS.indexOf(level) < lowest) return;
    (this.made()[level] as (...args: unknown[]) => void)(...line);
  }

  private made(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }
}

/** Fastify's `childLoggerFactory` (its extension point for request loggers): a `RequestLogger` of the app's pino logger. */
export function requestLoggerOf(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, options);
}
