/**
 * @module scripts/bench/load — the benches' load generator: `clients` closed-loop clients, each
 * sending its next JSON POST as soon as the previous one is answered (fetch, keep-alive), every
 * answer checked. Stops after a number of requests or of seconds.
 */

export interface LoadTarget {
  url: string;
  headers: Record<string, string>;
  /** the JSON body of request `i` */
  body: (i: number) => unknown;
  /** null when the answer to request `i` is right, else what is wrong */
  check: (answer: unknown, i: number, response: Response) => string | null;
}

export interface Load {
  requests: number;
  seconds: number;
  /** ms per request */
  latencies: number[];
}

/** Run until `stop.requests` are answered or `stop.seconds` have passed; a wrong answer rejects. */
export async function closedLoop(target: LoadTarget, clients: number, stop: { requests?: number; seconds?: number }): Promise<Load> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = stop.seconds === undefined ? Infinity : started + stop.seconds * 1000;
  const limit = stop.requests ?? Infinity;
  let next = 0;
  let failed: Error | undefined;
  const client = async () => {
    while (next < limit && performance.now() < deadline && !failed) {
      const i = next++;
      const sent = performance.now();
      const response = await fetch(target.url, { method: 'POST', headers: { 'content-type': 'application/json', ...target.headers }, body: JSON.stringify(target.body(i)) });
      const text = await response.text();
      latencies.push(performance.now() - sent);
      let answer: unknown = text;
      try {
        answer = JSON.parse(text);
      } catch {
        // not JSON: the check sees the text
      }
      const wrong = response.ok ? target.check(answer, i, response) : `answered ${response.status}: ${text}`;
      if (wrong) failed ??= new Error(`POST ${target.url} ${wrong}`);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  if (failed) throw failed;
  return { requests: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}
