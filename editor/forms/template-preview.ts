/**
 * @module editor/forms/template-preview — what a template field would resolve to, shown as it
 * is typed: the outputs of the run on the canvas (the last run or a replay), else the test input
 * as the trigger's output. It goes through the runtime's own resolver (catalogue/template.ts),
 * so the preview is what a run would see.
 */
import { isEmptyValue } from '../../catalogue/coerce.ts';
import { resolveTemplates, templateRefs, type TemplateScope } from '../../catalogue/template.ts';
import type { TemplateMiss } from '../../catalogue/types.ts';

/** Longest preview text shown; the rest is cut with '…'. */
const SHOWN = 240;

export interface PreviewSource extends TemplateScope {
  /** where the outputs come from, for the builder: 'the last run', 'the test input', … */
  from: string;
}

export interface TemplatePreview {
  /** the resolved value as text ('' when it came to nothing) */
  text: string;
  /** the value came to nothing */
  empty: boolean;
  /** the placeholders that resolved to nothing, each with why */
  misses: TemplateMiss[];
  from: string;
}

/** The preview of a template text (or data holding templates); null when it holds no reference to preview. */
export function previewTemplate(template: unknown, source: PreviewSource): TemplatePreview | null {
  if (templateRefs(template).length === 0) return null;
  const misses: TemplateMiss[] = [];
  const value = resolveTemplates(template, source, (miss) => misses.push(miss));
  const empty = isEmptyValue(value) && !Array.isArray(value);
  return { text: empty ? '' : shown(value), empty, misses, from: source.from };
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

/**
 * The outputs a preview reads: every node output of the run on the canvas, by slug; when that
 * run has no trigger output (or there is no run), the test input stands for it.
 */
export function previewSource(runOutputs: ReadonlyMap<string, unknown> | undefined, triggerSlug: string | undefined, testInput: unknown): PreviewSource {
  const outputs: Record<string, unknown> = {};
  for (const [slug, output] of runOutputs ?? []) if (output !== undefined) outputs[slug] = output;
  const fromRun = runOutputs !== undefined;
  if (triggerSlug && outputs[triggerSlug] === undefined && testInput !== undefined) {
    outputs[triggerSlug] = testInput;
    return { outputs, triggerId: triggerSlug, from: fromRun ? 'the last run and the test input' : 'the test input' };
  }
  return { outputs, triggerId: triggerSlug, from: fromRun ? 'the last run' : 'no run yet' };
}
