/**
 * Validates a wire filter against an entity's whitelist and builds the filter tree. Every problem
 * becomes a field violation naming the exact place (`query.filter.$and[1].colour`), so a bad
 * filter is always a 400, never a 500.
 */
import { DATE_TIME_RULE, isExactDateTime } from '../../../platform/date-time.js';
import type { FieldViolation, ViolatedRule } from '../../../platform/errors.js';
import { type FieldDef, type FieldKind, type FilterNode, OPERATORS, OPS_BY_KIND, type Operator, type Scalar } from './filter-types.js';

/** Deepest nesting of `$and`/`$or`/`$not` accepted. */
const MAX_DEPTH = 16;
/** Longest `$in`/`$hasSome`/`$hasAll` list. */
const MAX_LIST = 1000;
/** Longest string operand. */
const MAX_TEXT = 1000;
/**
 * Most conditions (`{field: {$op: operand}}`, each operator counting once) in one filter: a shop's
 * filters hold a handful, and a filter of thousands of `$or` branches held the embedded database's
 * one connection for seconds while every other shopper waited.
 */
export const MAX_CONDITIONS = 100;

const DECIMAL = /^-?\d{1,18}(\.\d{1,18})?$/;

const LIST_OPS: readonly Operator[] = ['$in', '$hasSome', '$hasAll'];
const TEXT_OPS: readonly Operator[] = ['$startsWith', '$contains', '$endsWith'];
const ORDER_OPS: readonly Operator[] = ['$gt', '$gte', '$lt', '$lte'];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The operators a field accepts. */
const opsOf = (def: FieldDef): readonly Operator[] => OPS_BY_KIND[def.kind as FieldKind];

class FilterParser {
  readonly violations: FieldViolation[] = [];
  /** Conditions seen so far; past MAX_CONDITIONS the parser reports once and reads no further. */
  private conditions = 0;

  constructor(
    private readonly fields: Record<string, FieldDef>,
    private readonly rootPath: string,
  ) {}

  /** Counts `n` more conditions; false (and one violation for the whole filter) once there are too many. */
  private admit(count: number): boolean {
    const before = this.conditions;
    this.conditions += count;
    if (this.conditions <= MAX_CONDITIONS) return true;
    if (before <= MAX_CONDITIONS) {
      this.fail(this.rootPath, `must have at most ${MAX_CONDITIONS} conditions`, 'MAX_SIZE', { max: MAX_CONDITIONS });
    }
    return false;
  }

  private fail(field: string, description: string, violatedRule: ViolatedRule = 'VALIDATION', data?: Record<string, unknown>): undefined {
    this.violations.push({ field, description, violatedRule, ...(data ? { data } : {}) });
    return undefined;
  }

  /** A filter object: its keys are fields or `$and`/`$or`/`$not`, all of them must hold. */
  object(raw: unknown, path: string, depth: number): FilterNode {
    if (raw === null || raw === undefined || this.conditions > MAX_CONDITIONS) return { kind: 'and', items: [] };
    if (!isPlainObject(raw)) {
      this.fail(path, 'must be an object');
      return { kind: 'and', items: [] };
    }
    if (depth > MAX_DEPTH) {
      this.fail(path, `must not nest deeper than ${MAX_DEPTH} levels`, 'MAX', { max: MAX_DEPTH });
      return { kind: 'and', items: [] };
    }
    const items: FilterNode[] = [];
    for (const [key, value] of Object.entries(raw)) {
      const at = `${path}.${key}`;
      if (key === '$and' || key === '$or') {
        if (!Array.isArray(value)) this.fail(at, 'must be an array of filters');
        // every branch holds at least one condition: a longer list is refused before it is read
        else if (value.length > MAX_CONDITIONS) this.admit(value.length);
        else
          items.push({
            kind: key === '$and' ? 'and' : 'or',
            items: value.map((nested, i) => this.object(nested, `${at}[${i}]`, depth + 1)),
          });
      } else if (key === '$not') {
        items.push({ kind: 'not', item: this.object(value, at, depth + 1) });
      } else if (key.startsWith('$')) {
        this.fail(at, 'is not a known operator here (use $and, $or, $not or a field name)', 'FIELD_NOT_ALLOWED');
      } else {
        const def = Object.hasOwn(this.fields, key) ? this.fields[key] : undefined;
        if (!def) this.fail(at, `is not a filterable field (${Object.keys(this.fields).join(', ')})`, 'FIELD_NOT_ALLOWED');
        else items.push(...this.field(key, def, value, at));
      }
    }
    return items.length === 1 ? (items[0] as FilterNode) : { kind: 'and', items };
  }

  /** `{field: value}` (implicit `$eq`) or `{field: {$op: operand, ...}}`. */
  private field(name: string, def: FieldDef, value: unknown, path: string): FilterNode[] {
    if (!isPlainObject(value)) return this.condition(name, def, '$eq', value, path);
    const entries = Object.entries(value);
    if (entries.length === 0) this.fail(path, 'must hold a value or an operator such as $eq');
    const out: FilterNode[] = [];
    for (const [op, operand] of entries) {
      const at = `${path}.${op}`;
      if (!(OPERATORS as readonly string[]).includes(op)) {
        this.fail(at, `is not a known operator (${OPERATORS.join(', ')})`, 'FIELD_NOT_ALLOWED');
      } else if (!opsOf(def).includes(op as Operator)) {
        this.fail(at, `is not supported on ${name} (${opsOf(def).join(', ')})`, 'FIELD_NOT_ALLOWED');
      } else {
        out.push(...this.condition(name, def, op as Operator, operand, at));
      }
    }
    return out;
  }

  private condition(name: string, def: FieldDef, op: Operator, operand: unknown, path: string): FilterNode[] {
    if (!this.admit(1)) return [];
    const before = this.violations.length;
    let value: Scalar | null | Scalar[] | undefined;
    if (op === '$exists') {
      if (typeof operand !== 'boolean') this.fail(path, 'must be a boolean');
      else value = operand;
    } else if (LIST_OPS.includes(op)) {
      if (!Array.isArray(operand)) this.fail(path, 'must be an array');
      else if (operand.length > MAX_LIST) this.fail(path, `must have at most ${MAX_LIST} values`, 'MAX_SIZE', { max: MAX_LIST });
      else
        value = operand
          .map((element, i) => this.scalar(def, element, `${path}[${i}]`))
          .filter((element): element is Scalar => element !== undefined);
    } else if (TEXT_OPS.includes(op)) {
      if (typeof operand !== 'string') this.fail(path, 'must be a string');
      else if (operand.length > MAX_TEXT) this.fail(path, `must be at most ${MAX_TEXT} characters`, 'MAX_LENGTH', { max: MAX_TEXT });
      else value = operand;
    } else if (operand === null && !ORDER_OPS.includes(op)) {
      value = null; // `{sku: null}` is "has no sku", `{sku: {$ne: null}}` "has one"
    } else {
      value = this.scalar(def, operand, path);
    }
    return this.violations.length === before && value !== undefined ? [{ kind: 'cond', field: name, op, value }] : [];
  }

  /** One operand of the field's type, normalised; undefined (and a violation) when it is not. */
  private scalar(def: FieldDef, raw: unknown, path: string): Scalar | undefined {
    switch (def.kind) {
      case 'boolean':
        if (typeof raw === 'boolean') return raw;
        return this.fail(path, 'must be a boolean');
      case 'decimal':
        if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
        if (typeof raw === 'string' && DECIMAL.test(raw)) return raw;
        return this.fail(path, 'must be a number');
      case 'timestamp':
        if (typeof raw === 'string' && isExactDateTime(raw)) return raw;
        return this.fail(path, DATE_TIME_RULE, 'FORMAT', { type: 'DATE_TIME' });
      case 'enum':
        if (typeof raw === 'string' && def.values?.includes(raw)) return raw;
        return this.fail(path, `must be one of ${(def.values ?? []).join(', ')}`, 'INVALID_ENUM_VALUE');
      default:
        if (typeof raw !== 'string') return this.fail(path, 'must be a string');
        if (raw.length > MAX_TEXT) return this.fail(path, `must be at most ${MAX_TEXT} characters`, 'MAX_LENGTH', { max: MAX_TEXT });
        // Ids compare case-insensitively, as PostgreSQL's uuid type does.
        return def.kind === 'text' ? raw : raw.toLowerCase();
    }
  }
}

/**
 * Validates `raw` (the wire `query.filter`) against `fields` and returns its tree and violations.
 * @see spec §7 "Catalogue read" (filter operators over a documented whitelist)
 */
export function parseFilter(
  raw: unknown,
  fields: Record<string, FieldDef>,
  path = 'query.filter',
): { filter: FilterNode; violations: FieldViolation[] } {
  const parser = new FilterParser(fields, path);
  const filter = parser.object(raw, path, 0);
  return { filter, violations: parser.violations };
}
