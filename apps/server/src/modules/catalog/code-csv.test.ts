// The CSV reader of gift-card codes (ADR 023): line endings, header, quoting, and a row count limit that
// stops reading as soon as it is passed.
import { describe, expect, it } from 'vitest';
import { parseCodeCsv } from './code-csv.ts';

describe('parseCodeCsv', () => {
  it('reads LF, CRLF and CR line endings, a byte-order mark and an optional header; a final newline adds no row', () => {
    expect(parseCodeCsv('\uFEFFCode\nAAAA-1\r\nBBBB-2\rCCCC-3\n')).toEqual({
      codes: [
        { line: 2, code: 'AAAA-1' },
        { line: 3, code: 'BBBB-2' },
        { line: 4, code: 'CCCC-3' },
      ],
      refused: [],
    });
  });

  it('takes a header only on the first line, and trims spaces around a code', () => {
    expect(parseCodeCsv('  DDDD-4  \ncode\n')).toEqual({
      codes: [
        { line: 1, code: 'DDDD-4' },
        { line: 2, code: 'code' },
      ],
      refused: [],
    });
  });

  it('reads quoted fields as CSV does, and refuses a quote left open or followed by text', () => {
    const parsed = parseCodeCsv('"EEEE-5"\n"FF""FF"\n"GGGG-7"x\n","\n');
    expect(parsed.codes).toEqual([{ line: 1, code: 'EEEE-5' }]);
    expect(parsed.refused.map((r) => [r.line, r.reason])).toEqual([
      [2, 'badCharacters'],
      [3, 'badCharacters'],
      // A quoted comma is one field holding ','.
      [4, 'tooShort'],
    ]);
  });

  it('calls a row of empty columns empty, and one with several values a column-count error', () => {
    expect(parseCodeCsv(',,\nHHHH-8,IIII-9\n').refused.map((r) => r.reason)).toEqual(['empty', 'columnCount']);
  });

  it('reads a long line of quotes and commas in one pass (no backtracking)', () => {
    const parsed = parseCodeCsv(`${'"A",'.repeat(200_000)}\nJJJJ-10\n`);
    expect(parsed.refused).toMatchObject([{ line: 1, reason: 'columnCount' }]);
    expect(parsed.codes).toEqual([{ line: 2, code: 'JJJJ-10' }]);
  });

  it('refuses a code starting like a formula (= + - @, full-width forms, a tab), without echoing it; a hyphen inside is fine', () => {
    const rows = [
      '-ABCD',
      '=ABCD',
      '+ABCD',
      '@ABCD',
      '\tABCD',
      '   -ABCD',
      '"-ABCD"',
      '\uFF1DABCD',
      '\uFF0DABCD',
      '\uFF0BABCD',
      '\uFF20ABCD',
    ];
    const parsed = parseCodeCsv([...rows, 'AB-CD-01', '  KLMN-11'].join('\n'));
    expect(parsed.refused).toEqual(
      rows.map((_, i) => ({
        line: i + 1,
        reason: 'formulaLeading',
        message: 'A code cannot start with =, +, -, @, a tab or a carriage return: a spreadsheet would read it as a formula.',
      })),
    );
    expect(parsed.codes).toEqual([
      { line: rows.length + 1, code: 'AB-CD-01' },
      { line: rows.length + 2, code: 'KLMN-11' },
    ]);
  });

  it('stops at the 10,001st row with a 413', () => {
    expect(() => parseCodeCsv('\n'.repeat(10_001))).toThrow(/more than 10,000 rows/);
  });
});
