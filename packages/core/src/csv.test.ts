import { describe, expect, it } from 'vitest';
import { csvLine } from './csv';

describe('CSV', () => {
  it('quotes cells with commas, quotes and line breaks', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', null, 3.5])).toBe(
      'a,"b,c","say ""hi""","two\nlines",,3.5\r\n',
    );
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvLine(['=1+1', '+cmd', '-2', '@SUM(A1)', '\tx', 'ok'])).toBe(
      "'=1+1,'+cmd,'-2,'@SUM(A1),'\tx,ok\r\n",
    );
  });

  it('leaves negative numbers as numbers', () => {
    expect(csvLine([-2])).toBe('-2\r\n');
  });
});
