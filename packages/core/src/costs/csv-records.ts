/** One record of a CSV file with the line it starts on (1-based), for messages that point at it. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** Why a file could not be read; `line` is where the reader stopped. */
export class CsvFormatError extends Error {
  constructor(
    readonly line: number,
    detail: string,
  ) {
    super(`Line ${line}: ${detail}`);
  }
}

/**
 * Reads RFC 4180 CSV (quoted cells with doubled quotes and line breaks inside; CRLF or LF) and
 * tab-separated text, which Google Ads and Microsoft Ads also download. A UTF-8 or UTF-16 byte
 * order mark is dropped. Blank lines are skipped. An unterminated quote is an error.
 */
export function readCsvRecords(text: string): CsvRecord[] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const records: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let quoteLine = 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      quoteLine = line;
      cell = '';
    } else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (quoted) throw new CsvFormatError(quoteLine, 'a quoted cell is never closed');
  endRecord();
  return records;
}
