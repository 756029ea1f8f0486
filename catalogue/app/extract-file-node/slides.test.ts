import { describe, expect, it } from 'vitest';
import { detectFormat } from './formats.ts';
import { PARSE_LIMITS } from './limits.ts';
import { parseFile } from './parse-file.ts';
import { slideText } from './slides.ts';
import { pptxOf } from './testing/documents.ts';

const options = { returnRawText: false, joinPages: false, encoding: 'utf8' as const, headers: true };

describe('PowerPoint presentations (PPTX)', () => {
  it('are known by their zip bytes and their name or type', async () => {
    const bytes = await pptxOf([[['Hello']]]);
    expect(detectFormat({ bytes, mimeType: '', filename: 'deck.pptx' })).toBe('pptx');
    expect(detectFormat({ bytes, mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', filename: 'deck' })).toBe('pptx');
  });

  it('read as the text of each slide in slide order, paragraphs one a line; joinPages joins them', async () => {
    const bytes = await pptxOf([[['Quarterly ', 'review'], ['Sales &amp; costs']], [[]], [['Thanks']]]);
    const slides = await parseFile({ format: 'pptx', bytes, options, limits: PARSE_LIMITS }, () => {});
    expect(slides).toEqual(['Quarterly review\nSales & costs', '', 'Thanks']);
    expect(await parseFile({ format: 'pptx', bytes, options: { ...options, joinPages: true }, limits: PARSE_LIMITS }, () => {})).toBe('Quarterly review\nSales & costs\n\n\n\nThanks');
  });

  it('decode the XML entities of a run, and refuse a zip without slides', async () => {
    expect(slideText('<a:p><a:r><a:t xml:space="preserve">&lt;b&gt; &#233;t&#xE9; &quot;x&quot;</a:t></a:r></a:p>')).toBe('<b> été "x"');
    const empty = await pptxOf([]);
    await expect(parseFile({ format: 'pptx', bytes: empty, options, limits: PARSE_LIMITS }, () => {})).rejects.toThrow('Invalid or unsupported file format: a presentation without slides');
  });
});
