import { parseArgs } from 'node:util';
import { ConfigError } from '../config.js';
import { backup } from './backup.js';
import { clientsCreate, clientsList } from './clients.js';
import { type CliCommand, CliFailure, type Invocation, type Io, UsageError } from './command.js';
import { couponsCreate, couponsDelete, couponsList } from './coupons.js';
import { exportProducts } from './export.js';
import { commandHelp, groupHelp, usageLine } from './help.js';
import { importProducts } from './import.js';
import { keysList, keysRevoke, keysRotate } from './keys.js';
import { keysApiCreate, keysApiList, keysApiRevoke } from './keys-api.js';
import { membersApprove } from './members.js';
import { membershipsAddPlan, membershipsGrant, membershipsList } from './memberships.js';
import { merchantsCreate, merchantsList, merchantsRemove } from './merchants.js';
import { migrate } from './migrate.js';
import { ordersRotateLinks } from './order-links.js';
import { ordersCancel, ordersList, ordersMarkPaid, ordersShow } from './orders.js';
import { ordersFulfil, ordersRefund } from './orders-fulfil-refund.js';
import { restore } from './restore.js';
import { resanitizeRichText } from './sanitize-rich-text.js';
import { seed } from './seed.js';
import { serve } from './serve.js';
import { settingsSet, settingsShow } from './settings.js';
import { shippingAddOption, shippingAddRegion, shippingList } from './shipping.js';
import { taxList, taxSet } from './tax.js';
import { webhooksAdd, webhooksDeliveries, webhooksList, webhooksRemove, webhooksTest } from './webhooks.js';

/** Every command of `vitrine`, in the order help lists them. */
export const commands: CliCommand[] = [
  serve,
  migrate,
  backup,
  restore,
  seed,
  importProducts,
  exportProducts,
  resanitizeRichText,
  clientsCreate,
  clientsList,
  keysRotate,
  keysRevoke,
  keysList,
  keysApiCreate,
  keysApiList,
  keysApiRevoke,
  membersApprove,
  merchantsCreate,
  merchantsList,
  merchantsRemove,
  webhooksAdd,
  webhooksList,
  webhooksRemove,
  webhooksTest,
  webhooksDeliveries,
  couponsCreate,
  couponsList,
  couponsDelete,
  shippingAddRegion,
  shippingAddOption,
  shippingList,
  taxSet,
  taxList,
  settingsShow,
  settingsSet,
  membershipsAddPlan,
  membershipsGrant,
  membershipsList,
  ordersList,
  ordersShow,
  ordersMarkPaid,
  ordersFulfil,
  ordersRefund,
  ordersCancel,
  ordersRotateLinks,
];

/** Runs `vitrine` with these arguments (without `node` and the script); resolves to the exit code, never throws. */
export async function runCli(argv: string[], io: Io, table: CliCommand[] = commands): Promise<number> {
  const command = findCommand(table, argv);
  if (!command) return noCommand(argv, io, table);
  try {
    return await runCommand(command, argv.slice(command.name.split(' ').length), io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`vitrine ${command.name}: ${error.message}`);
      io.err(usageLine(command));
      io.err(`Run 'vitrine ${command.name} --help' for details.`);
      return 2;
    }
    return reportFailure(error, io);
  }
}

async function runCommand(command: CliCommand, args: string[], io: Io): Promise<number> {
  const options = { ...command.flags, help: { type: 'boolean' as const, short: 'h' } };
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    // parseArgs explains how to pass a positional starting with '-' after its first sentence; keep the first.
    throw new UsageError((error as Error).message.split('. ')[0].replace(/^\w/, (first) => first.toLowerCase()));
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (values.help) {
    io.out(commandHelp(command));
    return 0;
  }
  const expected = command.positionals ?? [];
  if (parsed.positionals.length > expected.length) throw new UsageError(`unexpected argument '${parsed.positionals[expected.length]}'`);
  if (parsed.positionals.length < expected.length) throw new UsageError(`missing <${expected[parsed.positionals.length].name}>`);
  for (const [name, flag] of Object.entries(command.flags)) {
    if (flag.required && values[name] === undefined) throw new UsageError(`missing --${name}`);
  }
  const settings: Record<string, string | undefined> = {};
  for (const [name, flag] of Object.entries(command.flags)) {
    if (flag.setting && typeof values[name] === 'string') settings[flag.setting] = values[name];
  }
  const invocation: Invocation = {
    io,
    settings,
    positionals: parsed.positionals,
    string: (flag) => (typeof values[flag] === 'string' ? values[flag] : undefined),
    strings: (flag) => {
      const value = values[flag];
      return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    },
    flag: (flag) => values[flag] === true,
  };
  return (await command.run(invocation)) ?? 0;
}

/** The command whose words start `argv`, the longest if several do. */
function findCommand(table: CliCommand[], argv: string[]): CliCommand | undefined {
  return table
    .filter((command) => command.name.split(' ').every((word, i) => argv[i] === word))
    .sort((left, right) => right.name.length - left.name.length)[0];
}

/** No command matched: the help of the program or of a group (`vitrine keys --help`), or a usage error. */
function noCommand(argv: string[], io: Io, table: CliCommand[]): number {
  const firstFlag = argv.findIndex((arg) => arg.startsWith('-'));
  const leading = firstFlag === -1 ? argv : argv.slice(0, firstFlag);
  let group = '';
  for (let count = leading.length; count > 0; count--) {
    const prefix = leading.slice(0, count).join(' ');
    if (table.some((command) => command.name.startsWith(`${prefix} `))) {
      group = prefix;
      break;
    }
  }
  const rest = argv.slice(group ? group.split(' ').length : 0);
  if (rest.length > 0 && (rest[0] === '--help' || rest[0] === '-h')) {
    io.out(groupHelp(table, group));
    return 0;
  }
  if (rest.length === 0) {
    io.err(groupHelp(table, group));
    return 2;
  }
  const what = rest[0].startsWith('-') ? `unknown option '${rest[0]}'` : `unknown command '${[group, rest[0]].filter(Boolean).join(' ')}'`;
  io.err(`vitrine: ${what}`);
  io.err(`Run 'vitrine${group ? ` ${group}` : ''} --help' for the commands.`);
  return 2;
}

/** Prints why a command failed, without a stack for the failures users cause; exit code 1. */
function reportFailure(failure: unknown, io: Io): number {
  if (failure instanceof ConfigError || failure instanceof CliFailure) {
    io.err(`vitrine: ${failure.message}`);
    return 1;
  }
  const error = failure instanceof Error ? failure : new Error(String(failure));
  io.err(`vitrine: ${error.message}`);
  // An unexpected failure is a bug or an unreachable database; the stack helps only when asked for.
  if (io.env.LOG_LEVEL === 'debug' || io.env.LOG_LEVEL === 'trace') io.err(error.stack ?? '');
  else io.err('(set LOG_LEVEL=debug for the stack trace)');
  return 1;
}
