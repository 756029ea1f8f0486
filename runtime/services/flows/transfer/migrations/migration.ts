/** @module runtime/services/flows/transfer/migrations/migration — one step of the flow format: a document of version `from` in, of `from + 1` out. */
export interface Migration {
  from: number;
  /** throws an Error naming what the document lacks when it cannot be read */
  migrate(document: unknown): Record<string, unknown>;
}
