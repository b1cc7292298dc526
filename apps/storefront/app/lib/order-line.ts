import type { OrderLineItem } from '@vitrine/sdk';

/** The options an order's line was bought with, in one line of words ("Size: M, Colour: Blue"); '' when it has none. */
export function lineOptionsText(line: OrderLineItem): string {
  return (line.descriptionLines ?? []).map((descriptionLine) => `${descriptionLine.name}: ${descriptionLine.value}`).join(', ');
}
