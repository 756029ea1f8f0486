/**
 * @module scripts/bench/peers/job — the peers' job: `POST {"name":"ada"}` → `greeting = "hello " + name`
 * → answer JSON, and the check every target's answer must pass.
 */
export const request = { name: 'ada' };
export const expected = { greeting: 'hello ada' };

/** Null when `answer` is exactly the expected JSON, else what is wrong. */
export function wrongAnswer(status: number, contentType: string | null, answer: unknown): string | null {
  if (status !== 200) return `answered ${status}: ${JSON.stringify(answer)}`;
  if (!contentType?.startsWith('application/json')) return `answered content-type ${contentType}, not application/json`;
  return JSON.stringify(answer) === JSON.stringify(expected) ? null : `answered ${JSON.stringify(answer)}, not ${JSON.stringify(expected)}`;
}

/** Send the job once; throws loudly unless the answer is right. */
export async function assertGreets(label: string, url: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(request) });
  const text = await response.text();
  let answer: unknown = text;
  try {
    answer = JSON.parse(text);
  } catch {
    // not JSON: reported as the text it is
  }
  const wrong = wrongAnswer(response.status, response.headers.get('content-type'), answer);
  if (wrong) throw new Error(`${label} does not do the job: POST ${url} ${JSON.stringify(request)} ${wrong}`);
}
