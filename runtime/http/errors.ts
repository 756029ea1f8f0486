/** @module runtime/http/errors — an HTTP error that carries its own response. */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** extra fields of the error object (details, runId…) */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get body() {
    return { error: { message: this.message, code: this.code, ...this.extra } };
  }
}

export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const badRequest = (message: string, extra: Record<string, unknown> = {}) => new HttpError(400, 'bad_request', message, extra);
