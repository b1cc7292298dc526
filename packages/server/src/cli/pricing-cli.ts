/**
 * What the pricing commands (`coupons`, `shipping`, `tax`, `memberships`) share: the pricing service
 * over the configured database, flag parsing, and the domain's refusals said with flag names.
 * Input is checked by the same schemas and rules as the merchant API, so both accept the same.
 */
import type { z } from 'zod';
import { PricingErrors } from '../domains/pricing/errors.js';
import type { PricingService } from '../domains/pricing/service.js';
import { DomainError, type FieldViolation, ValidationFailure } from '../platform/errors.js';
import { safeParseReportingInput, violationsFromZod } from '../platform/field-violations.js';
import { CliFailure, type Invocation, UsageError } from './command.js';
import { usingServices } from './using-services.js';

/** Wire field (its first name: `weightTiers[1].upTo` → `weightTiers`) → the flag that sets it. */
export type FlagNames = Record<string, string>;

/** Runs work with the pricing service over the configured, migrated database. */
export function withPricing<T>(invocation: Invocation, work: (pricing: PricingService) => Promise<T>): Promise<T> {
  return usingServices(invocation, (services) => work(services.pricing));
}

/** The input checked by the API's schema. @throws UsageError naming the flag of the first violation */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, invocation: Invocation, flags: FlagNames): z.infer<S> {
  const parsed = safeParseReportingInput(schema, input);
  if (!parsed.success) throw usageOf(violationsFromZod(parsed.error.issues)[0], invocation, flags);
  return parsed.data;
}

/** Runs a pricing call; its refusals become usage errors (bad input, exit 2) or failures (exit 1). */
export async function refusalsAsCli<T>(promise: Promise<T>, invocation: Invocation, flags: FlagNames): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ValidationFailure) throw usageOf(error.violations[0], invocation, flags);
    if (error instanceof DomainError && error.code in PricingErrors.table) {
      const spec = PricingErrors.table[error.code as keyof typeof PricingErrors.table];
      const about = Object.values(error.data).filter((value) => typeof value === 'string');
      throw new CliFailure(`${error.description ?? spec.description}${about.length ? ` ('${about.join("', '")}')` : ''}`);
    }
    throw error;
  }
}

function usageOf(violation: FieldViolation, invocation: Invocation, flags: FlagNames): UsageError {
  const [, root, index] = /^(\w+)(?:\[(\d+)\])?/.exec(violation.field) ?? [];
  const flag = flags[root];
  if (!flag) return new UsageError(`${violation.field} ${violation.description}`);
  // A list flag (--countries US,us or --tier a --tier b) names the item at fault.
  const items = invocation.strings(flag).flatMap((given) => given.split(',').map((item) => item.trim()));
  const value = index !== undefined && items[Number(index)] !== undefined ? items[Number(index)] : items.join(',');
  return new UsageError(`--${flag}${value ? ` '${value}'` : ''} ${violation.description}`);
}

/** A comma-separated (or repeated) list flag; undefined when absent. */
export function listFlag(invocation: Invocation, flag: string): string[] | undefined {
  const values = invocation.strings(flag);
  if (values.length === 0) return undefined;
  return values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

/** A whole-number flag within bounds; undefined when absent. @throws UsageError */
export function wholeFlag(invocation: Invocation, flag: string, min: number, max = 1_000_000_000): number | undefined {
  const text = invocation.string(flag);
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${flag} '${text}' must be a whole number from ${min} to ${max}`);
  }
  return Number(text);
}

/** One of the words a flag accepts (case-insensitive); undefined when absent. @throws UsageError */
export function choiceFlag<const W extends string>(invocation: Invocation, flag: string, words: readonly W[]): W | undefined {
  const text = invocation.string(flag);
  if (text === undefined) return undefined;
  const word = words.find((candidate) => candidate === text.toUpperCase());
  if (!word) throw new UsageError(`--${flag} '${text}' must be one of ${words.join(', ')}`);
  return word;
}

/** `  key: value` columns for a listing. */
export function table(rows: string[][]): string[] {
  const widths = rows.reduce<number[]>((widest, row) => row.map((cell, i) => Math.max(widest[i] ?? 0, cell.length)), []);
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  '));
}
