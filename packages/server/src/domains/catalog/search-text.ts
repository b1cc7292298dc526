/**
 * What a shopper typed, read the way web search engines read it (PostgreSQL's
 * `websearch_to_tsquery`): "quoted phrases" in order, `-word` or `-"phrase"` left out, other words
 * all required. Only letters and digits make words, so the parts can be written into a `tsquery`
 * without escaping; the last word is a prefix while the shopper is still typing it.
 */

/** The longest text a search takes (characters); longer text is refused with a 400. */
export const MAX_TEXT_LENGTH = 200;
/** Words beyond this many are ignored: each one costs a typo look-up and a `tsquery` branch. */
const MAX_WORDS = 8;

export interface SearchText {
  /** the text as searched (trimmed), for `websearch_to_tsquery` */
  text: string;
  /** required words, lower-case without accents, in order */
  words: string[];
  /** the last required word is being typed (the text does not end in a space): match it as a prefix */
  lastIsPrefix: boolean;
  /** required phrases, as typed */
  phrases: string[];
  /** words and phrases the products must not have */
  excluded: string[];
}

const WORD = /[\p{L}\p{N}]+/gu;
/** A chunk: a quoted phrase (closed or running to the end), or a run of non-space characters. */
const CHUNK = /(-?)"([^"]*)"?|(\S+)/gu;

/** Lower-case without accents: "Crème" → "creme" (what the `vitrine_words` configuration stores). */
function normalizeWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const wordsOf = (chunk: string) => (chunk.match(WORD) ?? []).map(normalizeWord);

/** Reads a search text; nothing in it (empty, punctuation only) gives no words and no phrases. */
export function readSearchText(raw: string): SearchText {
  const text = raw.trim();
  const out: SearchText = { text, words: [], lastIsPrefix: false, phrases: [], excluded: [] };
  let lastChunkIsWord = false;
  let lastWord: string | undefined;
  for (const match of text.matchAll(CHUNK)) {
    const [, minus, phrase, bare] = match;
    lastChunkIsWord = false;
    if (phrase !== undefined) {
      if (wordsOf(phrase).length === 0) continue;
      (minus ? out.excluded : out.phrases).push(phrase);
    } else if (bare?.startsWith('-') && bare.length > 1) {
      if (wordsOf(bare).length) out.excluded.push(bare.slice(1));
    } else if (bare) {
      const words = wordsOf(bare);
      out.words.push(...words);
      lastChunkIsWord = words.length > 0 && /[\p{L}\p{N}]$/u.test(bare);
      lastWord = words.at(-1);
    }
  }
  out.words = [...new Set(out.words)].slice(0, MAX_WORDS);
  out.lastIsPrefix = lastChunkIsWord && !/\s$/u.test(raw) && out.words.at(-1) === lastWord;
  return out;
}

/** Whether the text asks for anything at all (else the search is the plain listing). */
export const hasTerms = (text: SearchText) => text.words.length > 0 || text.phrases.length > 0 || text.excluded.length > 0;
