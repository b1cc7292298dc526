/** Where a command writes and what it reads: the process in `main.ts`, captured buffers in tests. */
export interface Io {
  env: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
  /** Raw writes to stderr when it is a terminal (a progress bar redraws its line); absent otherwise. */
  errTerminal?: (text: string) => void;
}

/** One flag of a command, as `node:util` `parseArgs` takes it plus what help and config need. */
export interface FlagSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Repeatable (`--origin a --origin b`). */
  multiple?: boolean;
  required?: boolean;
  /** The placeholder shown in help, e.g. `<port>`. */
  value?: string;
  description: string;
  /** The setting (environment name, as `loadConfig` takes it) this flag overrides. */
  setting?: string;
}

/** A parsed invocation handed to a command. */
export interface Invocation {
  io: Io;
  /** Flags that override settings, keyed by environment name (for `loadConfig(io.env, settings)`). */
  settings: Record<string, string | undefined>;
  positionals: string[];
  /** A string flag's value. */
  string(flag: string): string | undefined;
  /** A repeatable flag's values (empty when absent). */
  strings(flag: string): string[];
  /** Whether a boolean flag was given. */
  flag(flag: string): boolean;
}

/** One entry of the command table: `--help` is generated from it. */
export interface CliCommand {
  /** Words after `vitrine`, e.g. `keys api create`. */
  name: string;
  summary: string;
  /** Positional arguments, in order; all required. */
  positionals?: { name: string; description: string }[];
  flags: Record<string, FlagSpec>;
  /** Lines printed under the options in `--help` (examples, caveats). */
  notes?: string[];
  /** Runs the command; resolves to the exit code (0 when nothing is returned). */
  run(invocation: Invocation): Promise<number | undefined>;
}

/** The caller used the command wrongly (unknown flag, missing or malformed argument): exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command could not do what was asked (unknown id, data directory in use): exit code 1, no stack. */
export class CliFailure extends Error {
  override name = 'CliFailure';
}
