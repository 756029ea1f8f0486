/** @module editor/panels/json-view — a value shown as readable, collapsible JSON. */
export function JsonView({ value, label, open = true }: { value: unknown; label: string; open?: boolean }) {
  const text = value === undefined ? 'nothing' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <details className="json-view" open={open}>
      <summary>{label}</summary>
      <pre>{text.length > 20000 ? `${text.slice(0, 20000)}\n… (${text.length - 20000} more characters)` : text}</pre>
    </details>
  );
}
