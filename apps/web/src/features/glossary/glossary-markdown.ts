/** One block of docs/metrics.md: a heading (its `## id` is the anchor) or a paragraph. */
type GlossaryBlock =
  | { kind: 'title'; text: string }
  | { kind: 'term'; id: string }
  | { kind: 'paragraph'; text: string };

/** A run of text, bold where the source says **…**, code where it says `…`. */
interface Run {
  text: string;
  bold: boolean;
  code?: true;
  /** Where the run starts in its paragraph: a stable key. */
  at: number;
}

/**
 * The glossary's small markdown (a `#` title, `## id` terms, paragraphs with **bold** and `code`), read
 * without a markdown library: the file is ours and uses nothing else.
 */
export function parseGlossary(source: string): GlossaryBlock[] {
  return source
    .split(/\n\s*\n/)
    .flatMap((chunk): GlossaryBlock[] => {
      const lines = chunk.trim().split('\n');
      const blocks: GlossaryBlock[] = [];
      const paragraph: string[] = [];
      for (const line of lines) {
        if (line.startsWith('## ')) blocks.push({ kind: 'term', id: line.slice(3).trim() });
        else if (line.startsWith('# ')) blocks.push({ kind: 'title', text: line.slice(2).trim() });
        else paragraph.push(line.trim());
      }
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
      return blocks;
    })
    .filter((b) => b.kind !== 'paragraph' || b.text.length > 0);
}

export function runs(text: string): Run[] {
  let at = 0;
  return text
    .split(/(\*\*[^*]+\*\*|`[^`]+`)/)
    .filter(Boolean)
    .map((part) => {
      const bold = part.startsWith('**') && part.endsWith('**');
      const code = !bold && part.length > 1 && part.startsWith('`') && part.endsWith('`');
      const run: Run = { text: bold ? part.slice(2, -2) : code ? part.slice(1, -1) : part, bold, at };
      if (code) run.code = true;
      at += part.length;
      return run;
    });
}
