import type { FieldViolation } from '../../platform/errors.js';

/** The profile fields a member edits on their own account page. */
const NAME_FIELDS = ['firstName', 'lastName', 'nickname'] as const;
type NameField = (typeof NAME_FIELDS)[number];

/** A member's edit of their names: a text replaces the field, null or blank text removes it, absent keeps it. */
export type NamesPatch = Partial<Record<NameField, string | null>>;

/** As long as the registration profile allows (`profile-schema.ts`). */
const MAX_LENGTH = 100;
// Control characters break the e-mails and pages the names appear on.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL = /[\u0000-\u001f\u007f]/;

/** What to set and what to remove, with the violations of the texts (fields named `<prefix><field>`). */
export function planNamesPatch(
  patch: NamesPatch,
  prefix: string,
): { set: Record<string, string>; remove: string[]; violations: FieldViolation[] } {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  const violations: FieldViolation[] = [];
  for (const field of NAME_FIELDS) {
    const raw = patch[field];
    if (raw === undefined) continue;
    const value = raw?.trim() ?? '';
    if (!value) remove.push(field);
    else if (value.length > MAX_LENGTH)
      violations.push({
        field: prefix + field,
        description: `must be at most ${MAX_LENGTH} characters`,
        violatedRule: 'MAX_LENGTH',
        data: { max: MAX_LENGTH },
      });
    else if (CONTROL.test(value))
      violations.push({ field: prefix + field, description: 'must not contain control characters', violatedRule: 'FORMAT' });
    else set[field] = value;
  }
  return { set, remove, violations };
}
