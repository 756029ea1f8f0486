/**
 * @module runtime/testing/session-client — a signed-in studio client for tests: signs in over
 * HTTP like the studio does, then sends the `weft_session` cookie (and `x-csrf-token`) with
 * every request.
 */

export interface PublicUser {
  id: string;
  email: string;
  name: string;
}

export interface Client {
  /** call it and return the raw response (JSON body; the session's headers added) */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** call the JSON API; throws on a non-2xx answer with its error message */
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** the headers that carry the session (for readSse and hand-made requests); {} when anonymous */
  headers: Record<string, string>;
}

export interface SignedInClient extends Client {
  user: PublicUser;
  csrfToken: string;
}

/** A client of `base` sending `sessionHeaders` with every request. */
export function clientOf(base: string, sessionHeaders: Record<string, string> = {}): Client {
  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...sessionHeaders, ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    request,
    headers: { ...sessionHeaders },
    async api<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await request(method, path, body);
      const text = await response.text();
      const answer = (text ? JSON.parse(text) : undefined) as T & { error?: { message: string } };
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer?.error?.message ?? ''}`);
      return answer;
    },
  };
}

/** the `name=value` of a Set-Cookie header's cookie `name`, or null */
export function cookieOf(response: Response, name: string): string | null {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0];
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return null;
}

/** Sign in at `base` (POST /api/auth/sign-in); throws when it is refused. */
export async function signInAt(base: string, email: string, password: string): Promise<SignedInClient> {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const answer = (await response.json()) as { user: PublicUser; csrfToken: string; error?: { message: string } };
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${answer.error?.message ?? ''}`);
  const cookie = cookieOf(response, 'weft_session');
  if (!cookie) throw new Error(`sign-in as ${email}: no weft_session cookie`);
  return { ...clientOf(base, { cookie, 'x-csrf-token': answer.csrfToken }), user: answer.user, csrfToken: answer.csrfToken };
}
