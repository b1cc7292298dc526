/**
 * A refused order action's problems, placed where the merchant typed: a field violation beside its
 * field (the SDK names it `options.<field>`), a refusal about one line beside that line, anything
 * else above the form.
 */
import { errorText } from './format.js';

export interface ActionProblems {
  /** by option name: `trackingUrl`, `amount`, `reason`... */
  fields: Record<string, string>;
  /** by order line id */
  lines: Record<string, string>;
  general?: string;
}

interface Refusal {
  details?: {
    validationError?: { fieldViolations?: { field?: string; description?: string }[] };
    applicationError?: { description?: string; data?: { lineItemId?: string; remaining?: number } };
  };
}

/** Where each part of a refusal belongs. */
export function actionProblems(error: unknown): ActionProblems {
  const problems: ActionProblems = { fields: {}, lines: {} };
  const details = (error as Refusal | undefined)?.details;
  const violations = details?.validationError?.fieldViolations ?? [];
  for (const violation of violations) {
    const name = (violation.field ?? '').replace(/^options\./, '').replace(/[[.].*$/, '');
    problems.fields[name] ??= violation.description ?? 'is not valid';
  }
  const refusal = details?.applicationError;
  const lineId = refusal?.data?.lineItemId;
  if (lineId && refusal?.data?.remaining !== undefined)
    problems.lines[lineId] = `Only ${refusal.data.remaining} left: ${refusal.description}`;
  else if (!violations.length) problems.general = errorText(error);
  return problems;
}
