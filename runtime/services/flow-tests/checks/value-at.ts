/** @module runtime/services/flow-tests/checks/value-at — the value at a dotted path (`items.0.id`); undefined where there is none. */
export function valueAt(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  let at: unknown = value;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** A value as a check's message shows it: JSON, cut at 200 characters. */
export function shown(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
