// The CSV of gift-card codes an admin imports (ADR 023): one code a row, one column, an optional header
// row "code". Read in one pass over the text (linear in its size, whatever it holds), row by row: each row
// is either a code or a refusal naming its line and reason. A code cannot hold a newline, so rows are
// lines (LF, CRLF or CR); a quoted field ("ABC-123") is read as CSV reads it.
// A code that starts like a spreadsheet formula (= + - @, their full-width forms, a tab or a carriage
// return) is refused: codes travel on in lists that people open in spreadsheets, where such a cell runs
// as a formula (CSV injection).
import { GIFT_CODE_CSV_MAX_ROWS, GIFT_CODE_PATTERN, type AdminCodeRefusal } from '@store/shared';
import { AppError } from '../../lib/errors.ts';

export interface ParsedCodes {
  /** Codes to take, each once, with the line it came from. */
  codes: { line: number; code: string }[];
  refused: AdminCodeRefusal[];
}

const MAX_CODE_LENGTH = 64;
const MIN_CODE_LENGTH = 4;

export const tooManyRows = () =>
  new AppError(
    413,
    'CSV_TOO_MANY_ROWS',
    `This file has more than ${GIFT_CODE_CSV_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files; nothing was imported.`,
    'file',
  );

/** The fields of one line; null when a quote is left open or text follows a closing quote. */
function splitFields(line: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      i += 1;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote < 0) return null;
        value += line.slice(i, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      fields.push(value);
      if (i === line.length) return fields;
      if (line[i] !== ',') return null;
      i += 1;
    } else {
      const comma = line.indexOf(',', i);
      if (comma < 0) {
        fields.push(line.slice(i));
        return fields;
      }
      fields.push(line.slice(i, comma));
      i = comma + 1;
    }
  }
}

/** The characters a spreadsheet reads a cell as a formula by, when they come first (OWASP's list, and full-width twins). */
const FORMULA_LEADING = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/** The field's first character after any leading spaces (a tab counts: it is one of the formula's). */
const leadingCharacter = (field: string) => field.replace(/^ +/, '').charAt(0);

function refusalOf(line: number, fields: string[] | null): AdminCodeRefusal | string {
  if (fields === null) return { line, reason: 'badCharacters', message: 'A quote is not closed or is followed by other text.' };
  if (fields.length !== 1) {
    return fields.every((f) => f.trim() === '')
      ? { line, reason: 'empty', message: 'The row holds no code.' }
      : { line, reason: 'columnCount', message: `The row has ${fields.length} columns; one (the code) is expected.` };
  }
  const code = fields[0]!.trim();
  if (code === '') return { line, reason: 'empty', message: 'The row holds no code.' };
  if (FORMULA_LEADING.has(leadingCharacter(fields[0]!))) {
    return {
      line,
      reason: 'formulaLeading',
      message: 'A code cannot start with =, +, -, @, a tab or a carriage return: a spreadsheet would read it as a formula.',
    };
  }
  if (code.length > MAX_CODE_LENGTH) return { line, reason: 'tooLong', message: `A code is at most ${MAX_CODE_LENGTH} characters.` };
  if (code.length < MIN_CODE_LENGTH)
    return { line, code, reason: 'tooShort', message: `A code is at least ${MIN_CODE_LENGTH} characters.` };
  if (!GIFT_CODE_PATTERN.test(code)) {
    return { line, reason: 'badCharacters', message: 'A code holds only letters, digits and hyphens.' };
  }
  return code;
}

/** Reads the file; more than GIFT_CODE_CSV_MAX_ROWS rows is a 413 (nothing is imported). */
export function parseCodeCsv(text: string): ParsedCodes {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const codes: ParsedCodes['codes'] = [];
  const refused: AdminCodeRefusal[] = [];
  const firstLineOf = new Map<string, number>();
  let start = 0;
  let line = 0;
  while (start < body.length) {
    let end = start;
    while (end < body.length && body[end] !== '\n' && body[end] !== '\r') end += 1;
    const raw = body.slice(start, end);
    // The line break itself: CRLF counts as one.
    start = end + (body[end] === '\r' && body[end + 1] === '\n' ? 2 : 1);
    line += 1;
    if (line === 1 && raw.trim().toLowerCase().replace(/"/g, '') === 'code') continue;
    if (codes.length + refused.length >= GIFT_CODE_CSV_MAX_ROWS) throw tooManyRows();
    const result = refusalOf(line, splitFields(raw));
    if (typeof result !== 'string') {
      refused.push(result);
      continue;
    }
    const first = firstLineOf.get(result);
    if (first !== undefined) {
      refused.push({ line, code: result, reason: 'duplicateInFile', message: `The same code is on line ${first}.` });
      continue;
    }
    firstLineOf.set(result, line);
    codes.push({ line, code: result });
  }
  return { codes, refused };
}
