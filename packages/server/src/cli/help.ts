import type { CliCommand, FlagSpec } from './command.js';

const PROGRAM = 'vitrine';

/** The one-line usage of a command: positionals, required flags, then `[options]`. */
export function usageLine(command: CliCommand): string {
  const parts = [PROGRAM, command.name, ...(command.positionals ?? []).map((positional) => `<${positional.name}>`)];
  for (const [name, flag] of Object.entries(command.flags)) if (flag.required) parts.push(flagWithValue(name, flag));
  if (Object.values(command.flags).some((flag) => !flag.required)) parts.push('[options]');
  return `Usage: ${parts.join(' ')}`;
}

/** The full `--help` text of a command. */
export function commandHelp(command: CliCommand): string {
  const lines = [usageLine(command), '', `${command.summary}.`];
  if (command.positionals?.length) {
    lines.push('', 'Arguments:', ...columns(command.positionals.map((positional) => [`<${positional.name}>`, positional.description])));
  }
  const flags = Object.entries(command.flags).map(([name, flag]): [string, string] => [
    `${flag.short ? `-${flag.short}, ` : '    '}${flagWithValue(name, flag)}`,
    describe(flag),
  ]);
  flags.push(['-h, --help', 'Show this help']);
  lines.push('', 'Options:', ...columns(flags));
  if (command.notes?.length) lines.push('', ...command.notes);
  return lines.join('\n');
}

/** The help of the program (no prefix) or of a command group such as `keys`: the commands under it. */
export function groupHelp(commands: CliCommand[], prefix: string): string {
  const under = commands.filter((command) => prefix === '' || command.name.startsWith(`${prefix} `));
  const head = prefix === '' ? PROGRAM : `${PROGRAM} ${prefix}`;
  const lines = [`Usage: ${head} <command> [options]`, ''];
  if (prefix === '') lines.push('Vitrine: the self-hosted provider of an open headless storefront.', '');
  lines.push('Commands:', ...columns(under.map((command) => [command.name, command.summary])));
  lines.push('', `Run '${PROGRAM} <command> --help' for a command's options.`);
  if (prefix === '') lines.push('Settings come from the environment (PORT, DATABASE_URL, ...); see the README.');
  return lines.join('\n');
}

function flagWithValue(name: string, flag: FlagSpec): string {
  const value = flag.type === 'string' ? ` ${flag.value ?? '<value>'}` : '';
  return `--${name}${value}${flag.multiple ? '...' : ''}`;
}

function describe(flag: FlagSpec): string {
  const extras = [
    flag.required ? 'required' : '',
    flag.multiple ? 'repeatable' : '',
    flag.setting ? `overrides ${flag.setting}` : '',
  ].filter(Boolean);
  return extras.length ? `${flag.description} (${extras.join('; ')})` : flag.description;
}

/** Two aligned columns, indented by two spaces. */
function columns(rows: [string, string][]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length)) + 3;
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`);
}
