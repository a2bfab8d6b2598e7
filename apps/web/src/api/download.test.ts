import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it("reads the export's file name from Content-Disposition", () => {
    expect(filenameFromDisposition('attachment; filename="clicks_export_2025-03-31.csv"', 'x.csv')).toBe(
      'clicks_export_2025-03-31.csv',
    );
    expect(filenameFromDisposition(null, 'x.csv')).toBe('x.csv');
  });
});
