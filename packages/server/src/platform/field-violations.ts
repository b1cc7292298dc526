import type { z } from 'zod';
import type { FieldViolation, ViolatedRule } from './errors.js';

/**
 * `schema.safeParse(data)` whose failure carries each issue's input, which tells a wrong type
 * (`{email: 5}`) from a missing field (zod 4 leaves it out by default). Asking zod for the inputs
 * up front makes every parse far slower (zod 4.6, a one-field object: 5.5 µs instead of 0.2 µs, on
 * every request's path parameters), so only a failed parse runs again with `reportInput`.
 */
export function safeParseReportingInput<Schema extends z.ZodType>(schema: Schema, data: unknown): z.ZodSafeParseResult<z.output<Schema>> {
  const result = schema.safeParse(data);
  return result.success ? result : schema.safeParse(data, { reportInput: true });
}

/** `['lineItems', 0, 'quantity']` → `lineItems[0].quantity`, the form the SDK renames. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

const SIZE_RULES: Record<string, [ViolatedRule, ViolatedRule]> = {
  string: ['MIN_LENGTH', 'MAX_LENGTH'],
  array: ['MIN_SIZE', 'MAX_SIZE'],
  set: ['MIN_SIZE', 'MAX_SIZE'],
};

/** Maps zod issues to the spec's field violations (rule names from the spec's enumeration). */
export function violationsFromZod(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): FieldViolation[] {
  const out: FieldViolation[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const key of issue.keys) {
          out.push({ field: fieldPath([...path, key]), description: 'is not a known field', violatedRule: 'FIELD_NOT_ALLOWED' });
        }
        break;
      case 'invalid_type':
        out.push(
          issue.input === undefined
            ? { field: fieldPath(path), description: 'is required', violatedRule: 'REQUIRED_FIELD' }
            : { field: fieldPath(path), description: `must be ${article(issue.expected)}`, violatedRule: 'VALIDATION' },
        );
        break;
      case 'too_small': {
        const rule = SIZE_RULES[issue.origin]?.[0] ?? 'MIN';
        out.push({ field: fieldPath(path), description: issue.message, violatedRule: rule, data: { min: Number(issue.minimum) } });
        break;
      }
      case 'too_big': {
        const rule = SIZE_RULES[issue.origin]?.[1] ?? 'MAX';
        out.push({ field: fieldPath(path), description: issue.message, violatedRule: rule, data: { max: Number(issue.maximum) } });
        break;
      }
      case 'invalid_format':
        out.push({
          field: fieldPath(path),
          description: issue.format === 'email' ? 'Email is not valid' : issue.message,
          violatedRule: 'FORMAT',
          data: { type: issue.format === 'email' ? 'EMAIL' : issue.format.toUpperCase() },
        });
        break;
      case 'invalid_value':
        out.push({
          field: fieldPath(path),
          description: `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`,
          violatedRule: 'INVALID_ENUM_VALUE',
        });
        break;
      default: {
        const params = (issue as { params?: { rule?: ViolatedRule; data?: Record<string, unknown> } }).params;
        out.push({ field: fieldPath(path), description: issue.message, violatedRule: params?.rule ?? 'VALIDATION', data: params?.data });
      }
    }
  }
  return out;
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
