/**
 * An RFC 4180 CSV reader: comma-separated fields, records ending in CRLF or LF, fields in double
 * quotes holding commas, line breaks and doubled quotes (`""` is one `"`). Strict where a lenient
 * reader would silently shift columns: a stray quote in an unquoted field, text after a closing
 * quote and an unterminated quote are errors with their line. Blank lines are skipped; a UTF-8 byte
 * order mark is ignored.
 */

/** One record and the line of the file it starts on (1-based; a quoted field may span lines). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** The text is not CSV; `line` is where the problem is. */
export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * Reads every record of a CSV text.
 * @throws CsvSyntaxError for a stray or unterminated quote
 * @example parseCsv('name,price\n"Mug, blue",10\n') // [{line: 1, fields: ['name', 'price']}, {line: 2, fields: ['Mug, blue', '10']}]
 */
export function parseCsv(text: string): CsvRecord[] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  let fields: string[] = [];
  let recordLine = 1;

  const endRecord = () => {
    // A blank line is one empty field: nothing to import, and no reason to fail.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
  };

  while (i <= s.length) {
    if (fields.length === 0) recordLine = line;
    let value: string;
    if (s.charCodeAt(i) === QUOTE) {
      const start = line;
      let out = '';
      let from = ++i;
      for (;;) {
        const q = s.indexOf('"', i);
        if (q === -1) throw new CsvSyntaxError(start, 'a quoted field has no closing quote');
        line += countLines(s, i, q);
        if (s.charCodeAt(q + 1) === QUOTE) {
          out += s.slice(from, q + 1);
          i = from = q + 2;
          continue;
        }
        out += s.slice(from, q);
        i = q + 1;
        break;
      }
      const next = s.charCodeAt(i);
      if (i < s.length && next !== COMMA && next !== LF && next !== CR) {
        throw new CsvSyntaxError(line, 'a closing quote must be followed by a comma or the end of the line');
      }
      value = out;
    } else {
      let j = i;
      while (j < s.length) {
        const c = s.charCodeAt(j);
        if (c === COMMA || c === LF || c === CR) break;
        if (c === QUOTE)
          throw new CsvSyntaxError(line, 'a quote inside an unquoted field (quote the whole field and double the quote: "12"" vinyl")');
        j++;
      }
      value = s.slice(i, j);
      i = j;
    }
    fields.push(value);
    const c = s.charCodeAt(i);
    if (c === COMMA) {
      i++;
      continue;
    }
    if (i >= s.length) {
      endRecord();
      break;
    }
    // CRLF, LF or a lone CR ends the record.
    i += c === CR && s.charCodeAt(i + 1) === LF ? 2 : 1;
    line++;
    endRecord();
    if (i >= s.length) break;
  }
  return records;
}

/** How many line breaks (LF, or a CR not followed by LF) lie in s[from, to). */
function countLines(s: string, from: number, to: number): number {
  let n = 0;
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k);
    if (c === LF || (c === CR && s.charCodeAt(k + 1) !== LF)) n++;
  }
  return n;
}
