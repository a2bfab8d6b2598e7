import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const stylesDir = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
const imported = new Set(
  [
    ...readFileSync(join(here, 'mantine-styles.ts'), 'utf8').matchAll(
      /@mantine\/core\/styles\/([\w-]+)\.css/g,
    ),
  ].map((m) => m[1] ?? ''),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every name imported from @mantine/core by the app's sources (components, hooks and types alike). */
function mantineImports(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(here)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of (m[1] ?? '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

describe('Mantine stylesheets', () => {
  it('imports the stylesheet of every Mantine component the app uses', () => {
    const missing = [...mantineImports()].filter(
      (name) => existsSync(join(stylesDir, `${name}.css`)) && !imported.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('imports only stylesheets that exist', () => {
    expect([...imported].filter((name) => !existsSync(join(stylesDir, `${name}.css`)))).toEqual([]);
  });
});

describe('Mantine stylesheet order', () => {
  it('follows Mantine’s own styles.css, where later rules override earlier ones', () => {
    const all = readFileSync(join(stylesDir, '..', 'styles.css'), 'utf8');
    const position = (name: string) =>
      all.indexOf(
        readFileSync(join(stylesDir, `${name}.css`), 'utf8')
          .trim()
          .slice(0, 120),
      );
    const order = [...imported];
    expect(order.every((name) => position(name) >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => position(a) - position(b)));
  });
});
