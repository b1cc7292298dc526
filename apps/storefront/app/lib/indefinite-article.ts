/** "a size", "an amount": a word with the indefinite article it takes (by its first letter, which fits option names). */
export function withArticle(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}
