import { describe, expect, it } from 'vitest';
import source from '../../../../../docs/metrics.md?raw';
import { parseGlossary, runs } from './glossary-markdown';

describe('the metrics glossary', () => {
  it('reads the title, each term and its paragraph', () => {
    const blocks = parseGlossary(
      '# Title\n\nIntro\nline two.\n\n## total-clicks\n**Total Clicks**: page views.\n',
    );
    expect(blocks).toEqual([
      { kind: 'title', text: 'Title' },
      { kind: 'paragraph', text: 'Intro line two.' },
      { kind: 'term', id: 'total-clicks' },
      { kind: 'paragraph', text: '**Total Clicks**: page views.' },
    ]);
    expect(runs('**Total Clicks**: page views.')).toEqual([
      { text: 'Total Clicks', bold: true, at: 0 },
      { text: ': page views.', bold: false, at: 16 },
    ]);
    // Code is set as code, its backticks gone.
    expect(runs('tagged as `utm_medium`.')).toEqual([
      { text: 'tagged as ', bold: false, at: 0 },
      { text: 'utm_medium', bold: false, code: true, at: 10 },
      { text: '.', bold: false, at: 22 },
    ]);
  });

  it('defines every term the app’s hints link to', async () => {
    const { METRIC_TERMS } = await import('../../components/metric-help');
    const ids = parseGlossary(source).flatMap((b) => (b.kind === 'term' ? [b.id] : []));
    expect(ids).toEqual(expect.arrayContaining(Object.keys(METRIC_TERMS)));
  });
});
