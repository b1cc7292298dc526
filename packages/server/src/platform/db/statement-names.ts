import { createHash } from 'node:crypto';

/**
 * How many distinct SQL texts one pool names at most. Our queries make a few hundred distinct texts.
 * The cap is there for texts that vary (IN lists of every length, multi-row inserts). Each connection
 * keeps every statement prepared on it (parse tree, plan) until it closes, so this bounds the memory of
 * every PostgreSQL backend as well as pg's per-connection record of the texts.
 */
export const NAMED_STATEMENTS_LIMIT = 2000;

/** Longer texts run unnamed: they are almost always generated bulk statements that rarely repeat. */
const MAX_NAMED_TEXT_LENGTH = 8192;

/** A statement to run named: its name and the one copy of its text all connections share. */
export interface NamedStatement {
  name: string;
  text: string;
}

/**
 * Decides which SQL texts run as named (prepared) statements. A text gets a name when it is seen the
 * second time: a text that runs once costs no prepared statement on any connection. Once `limit` texts
 * have names, no text gets a new one: new texts run unnamed, as every text did before.
 * Texts seen once are remembered by name only, at most `limit` of them, oldest forgotten first.
 */
export class StatementNames {
  readonly #named = new Map<string, NamedStatement>();
  readonly #seenOnce = new Set<string>();

  constructor(readonly limit = NAMED_STATEMENTS_LIMIT) {}

  /** The name to run `text` under, or undefined: run it unnamed. */
  nameFor(text: string): NamedStatement | undefined {
    const named = this.#named.get(text);
    if (named || this.#named.size >= this.limit || text.length > MAX_NAMED_TEXT_LENGTH) return named;
    const name = statementName(text);
    if (!this.#seenOnce.delete(name)) {
      this.#seenOnce.add(name);
      if (this.#seenOnce.size > this.limit) this.#seenOnce.delete(this.#seenOnce.values().next().value as string);
      return undefined;
    }
    const statement = { name, text };
    this.#named.set(text, statement);
    // full: no text will get a name any more, so there is nothing left to count
    if (this.#named.size >= this.limit) this.#seenOnce.clear();
    return statement;
  }

  /** How many texts have a name. */
  get size(): number {
    return this.#named.size;
  }
}

/** A stable short name for a text (same text, same name, in every process): 120 bits of its SHA-1. */
export function statementName(text: string): string {
  return `v_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
}
