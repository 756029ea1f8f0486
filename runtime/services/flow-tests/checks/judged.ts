/**
 * @module runtime/services/flow-tests/checks/judged — a model judges the value against a rubric,
 * through the model gateway (the project's default text model unless the check names one): it
 * answers `{"pass": boolean, "score"?: 0 to 1, "reason": text}`; the model, the score and the call's cost are recorded.
 */
import type { ChatMessage, ModelAccess } from '../../../../catalogue/services/models.ts';
import type { Outcome } from './outcome.ts';

export const JUDGE_INSTRUCTIONS =
  'You judge the answer of an automated workflow against a rubric. Reply with a JSON object only: {"pass": true or false, "score": a number from 0 (fails the rubric) to 1 (meets it fully), "reason": "one sentence"}.';

/** The messages the model is asked. */
export function judgeMessages(rubric: string, answer: unknown): ChatMessage[] {
  const shown = typeof answer === 'string' ? answer : JSON.stringify(answer, null, 2);
  return [
    { role: 'system', content: JUDGE_INSTRUCTIONS },
    { role: 'user', content: `Rubric:\n${rubric}\n\nAnswer:\n${shown ?? '(nothing)'}` },
  ];
}

/** The verdict in the model's reply, or null when the reply is not one; a score outside 0 to 1 is left out. */
export function verdictOf(reply: string): { pass: boolean; reason: string; score?: number } | null {
  const json = reply.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  try {
    const parsed = JSON.parse(json) as { pass?: unknown; reason?: unknown; score?: unknown };
    if (typeof parsed.pass !== 'boolean') return null;
    const score = typeof parsed.score === 'number' && parsed.score >= 0 && parsed.score <= 1 ? { score: parsed.score } : {};
    return { pass: parsed.pass, reason: typeof parsed.reason === 'string' ? parsed.reason : '', ...score };
  } catch {
    return null;
  }
}

export async function checkJudged(actual: unknown, rubric: string, model: unknown, models: ModelAccess): Promise<Outcome> {
  const reply = await models.chat(model ?? null, { messages: judgeMessages(rubric, actual), json: true });
  const judge = { model: reply.meta.model_name, cost: reply.meta.total_cost };
  const verdict = verdictOf(reply.content);
  if (!verdict) return { passed: false, message: `The judge's reply is not a verdict: ${reply.content.slice(0, 200)}`, judge: { ...judge, reason: '' } };
  const score = verdict.score !== undefined ? { score: verdict.score } : {};
  return { passed: verdict.pass, message: verdict.reason || (verdict.pass ? 'The judge passed it' : 'The judge failed it'), judge: { ...judge, reason: verdict.reason, ...score } };
}
