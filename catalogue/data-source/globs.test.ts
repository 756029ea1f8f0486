import { describe, expect, it } from 'vitest';
import { matchesAnyGlob } from './globs.ts';

const documents = ['**/*.pdf', '**/*.docx', '**/*.txt', '**/*.pptx', '**/*.md'];

describe('file patterns of the file sources', () => {
  it('reads ** as any folders, none included, and * within one name', () => {
    expect(matchesAnyGlob('report.pdf', documents)).toBe(true);
    expect(matchesAnyGlob('Reports/2026/q1.docx', documents)).toBe(true);
    expect(matchesAnyGlob('Reports/photo.png', documents)).toBe(false);
    expect(matchesAnyGlob('notes.md.bak', documents)).toBe(false);
    expect(matchesAnyGlob('Reports/q1.pdf', ['*.pdf'])).toBe(false);
    expect(matchesAnyGlob('/Reports/q1.pdf', ['Reports/*.pdf'])).toBe(true);
  });

  it('knows ?, {a,b} and [abc], and takes the rest literally', () => {
    expect(matchesAnyGlob('a/q1.txt', ['a/q?.txt'])).toBe(true);
    expect(matchesAnyGlob('a/b.docx', ['**/*.{pdf,docx}'])).toBe(true);
    expect(matchesAnyGlob('a/b.doc', ['**/*.{pdf,docx}'])).toBe(false);
    expect(matchesAnyGlob('v2.txt', ['v[0-9].txt'])).toBe(true);
    expect(matchesAnyGlob('a+b(1).txt', ['a+b(1).txt'])).toBe(true);
    expect(matchesAnyGlob('axb.txt', ['a.b.txt'])).toBe(false);
  });
});
