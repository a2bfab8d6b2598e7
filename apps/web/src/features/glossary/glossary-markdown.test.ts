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
  });

  it('defines every term the app’s hints link to', async () => {
    const { METRIC_TERMS } = await import('../../components/metric-help');
    const ids = parseGlossary(source).flatMap((b) => (b.kind === 'term' ? [b.id] : []));
    expect(ids).toEqual(expect.arrayContaining(Object.keys(METRIC_TERMS)));
  });
});
