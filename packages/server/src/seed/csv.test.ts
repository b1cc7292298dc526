import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './csv.js';

const fields = (text: string) => parseCsv(text).map((csvRecord) => csvRecord.fields);

describe('parseCsv', () => {
  it.each([
    [
      'plain fields',
      'a,b,c\n1,2,3\n',
      [
        ['a', 'b', 'c'],
        ['1', '2', '3'],
      ],
    ],
    [
      'no newline at the end',
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'CRLF line ends',
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'empty fields',
      'a,,c\n,,\n',
      [
        ['a', '', 'c'],
        ['', '', ''],
      ],
    ],
    ['a trailing empty field', 'a,\n', [['a', '']]],
    ['a comma inside quotes', '"Mug, blue",10\n', [['Mug, blue', '10']]],
    ['doubled quotes inside quotes', '"12"" vinyl","say ""hi"""\n', [['12" vinyl', 'say "hi"']]],
    ['a line break inside quotes', '"line one\nline two",x\n', [['line one\nline two', 'x']]],
    ['a CRLF inside quotes, kept as is', '"a\r\nb",x\r\n', [['a\r\nb', 'x']]],
    ['an empty quoted field', '"",x\n', [['', 'x']]],
    ['spaces kept as data', ' a , b \n', [[' a ', ' b ']]],
  ])('reads %s', (_name, text, expected) => {
    expect(fields(text)).toEqual(expected);
  });

  it('skips blank lines', () => {
    expect(fields('a,b\n\n1,2\n\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('ignores a UTF-8 byte order mark', () => {
    expect(fields('\ufeffname\nMug\n')).toEqual([['name'], ['Mug']]);
  });

  it('reads nothing from an empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });

  it('gives each record the line it starts on, counting line breaks inside quotes', () => {
    const records = parseCsv('name,description\nMug,"one\ntwo\nthree"\nTee,plain\n');
    expect(records.map((record) => record.line)).toEqual([1, 2, 5]);
  });

  it.each([
    ['an unterminated quote, at the line it opens', 'a\n"open,\nmore\n', 2, 'a quoted field has no closing quote'],
    ['text after a closing quote', 'a\n"x"y,z\n', 2, 'a closing quote must be followed by a comma or the end of the line'],
    ['a quote inside an unquoted field', 'a\nb\n12" vinyl\n', 3, 'a quote inside an unquoted field'],
  ])('refuses %s with its line', (_name, text, line, message) => {
    let error: unknown;
    try {
      parseCsv(text);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect((error as CsvSyntaxError).line).toBe(line);
    expect((error as CsvSyntaxError).message).toContain(`line ${line}: ${message}`);
  });
});
