/**
 * The options an order's or checkout's line was bought with, in one line of words ("Size: M, Color: Blue"),
 * as the buyer's mails and the hosted checkout and order pages show them; '' when it has none.
 */
export function lineOptionsText(descriptionLines: readonly { name: string; value: string }[]): string {
  return descriptionLines.map((descriptionLine) => `${descriptionLine.name}: ${descriptionLine.value}`).join(', ');
}
