/** Text to match as itself inside a LIKE/ILIKE pattern: `%`, `_` and `\` escaped (PostgreSQL's default escape). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (special) => `\\${special}`);

/** A LIKE/ILIKE pattern matching any text that contains `text`. */
export const containsPattern = (text: string) => `%${likeLiteral(text)}%`;
