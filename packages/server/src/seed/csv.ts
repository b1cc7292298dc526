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
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
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

  while (i <= source.length) {
    if (fields.length === 0) recordLine = line;
    let value: string;
    if (source.charCodeAt(i) === QUOTE) {
      const start = line;
      let out = '';
      let from = ++i;
      for (;;) {
        const quote = source.indexOf('"', i);
        if (quote === -1) throw new CsvSyntaxError(start, 'a quoted field has no closing quote');
        line += countLines(source, i, quote);
        if (source.charCodeAt(quote + 1) === QUOTE) {
          out += source.slice(from, quote + 1);
          i = from = quote + 2;
          continue;
        }
        out += source.slice(from, quote);
        i = quote + 1;
        break;
      }
      const next = source.charCodeAt(i);
      if (i < source.length && next !== COMMA && next !== LF && next !== CR) {
        throw new CsvSyntaxError(line, 'a closing quote must be followed by a comma or the end of the line');
      }
      value = out;
    } else {
      let j = i;
      while (j < source.length) {
        const code = source.charCodeAt(j);
        if (code === COMMA || code === LF || code === CR) break;
        if (code === QUOTE)
          throw new CsvSyntaxError(line, 'a quote inside an unquoted field (quote the whole field and double the quote: "12"" vinyl")');
        j++;
      }
      value = source.slice(i, j);
      i = j;
    }
    fields.push(value);
    const code = source.charCodeAt(i);
    if (code === COMMA) {
      i++;
      continue;
    }
    if (i >= source.length) {
      endRecord();
      break;
    }
    // CRLF, LF or a lone CR ends the record.
    i += code === CR && source.charCodeAt(i + 1) === LF ? 2 : 1;
    line++;
    endRecord();
    if (i >= source.length) break;
  }
  return records;
}

/** How many line breaks (LF, or a CR not followed by LF) lie in s[from, to). */
function countLines(source: string, from: number, to: number): number {
  let count = 0;
  for (let k = from; k < to; k++) {
    const code = source.charCodeAt(k);
    if (code === LF || (code === CR && source.charCodeAt(k + 1) !== LF)) count++;
  }
  return count;
}
