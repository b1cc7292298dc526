/** A cart's, checkout's or order's line options in one line of words, as a shopper reads them ("Size: M, Color: Blue"). */

/** One chosen option of a line, as the wire carries it (`descriptionLines`). */
export interface LineOption {
  name?: string;
  value?: string;
}

/**
 * The options a line was bought with, in words: "name: value" pairs joined by ", ". An option
 * missing its name shows its value alone; one without a value is left out. '' when there are none.
 * @example lineOptionsText([{ name: 'Size', value: 'M' }, { name: 'Color', value: 'Blue' }]) // 'Size: M, Color: Blue'
 */
export function lineOptionsText(options: readonly LineOption[] | undefined): string {
  return (options ?? [])
    .filter((option) => option.value)
    .map((option) => (option.name ? `${option.name}: ${option.value}` : option.value))
    .join(', ');
}
