/**
 * What a person reads for a variant's choice: its name, which the merchant types as the choice's
 * description ("Forest green"), not the value a colour choice may hold, its swatch code (`#2e6b3f`),
 * which nobody can read. Carts, orders and the dashboard name choices this way.
 */

/** A swatch code, as a colour choice's value (or, in older catalogues, its description) may be. */
const SWATCH_CODE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

interface NamedOption {
  choices: { value: string; description?: string }[];
}

/** A choice's name and, when it has one, its swatch code. */
export function namedChoice(option: NamedOption, value: string): { name: string; swatchCode?: string } {
  const choice = option.choices.find((candidate) => candidate.value === value);
  const texts = [choice?.description, value].filter((text): text is string => !!text);
  const swatchCode = texts.find((text) => SWATCH_CODE.test(text));
  return { name: texts.find((text) => !SWATCH_CODE.test(text)) ?? value, ...(swatchCode ? { swatchCode } : {}) };
}

/** A variant's choices (option name → value) by their names, in the product's option order. */
export function choiceNames(options: readonly (NamedOption & { name: string })[], choices: Record<string, string>): Record<string, string> {
  const named: Record<string, string> = {};
  for (const option of options) {
    const value = choices[option.name];
    if (value !== undefined) named[option.name] = namedChoice(option, value).name;
  }
  return named;
}
