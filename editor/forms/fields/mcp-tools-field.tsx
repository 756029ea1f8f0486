/**
 * @module editor/forms/fields/mcp-tools-field — the MCP node's Tools: a multi-select of the tool
 * names the server of the node's MCP server credential lists (loaded from weft, which connects
 * to it). Tools chosen before and no longer listed stay shown, so they can be unticked.
 */
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import type { FieldProps } from '../field-types.ts';

type Loaded = { state: 'idle' | 'loading' } | { state: 'done'; tools: { name: string; description: string }[] } | { state: 'failed'; message: string };

export function McpToolsField({ value, onChange, ctx, inputId }: FieldProps) {
  const credential = typeof ctx.values?.credentials === 'string' ? ctx.values.credentials : '';
  const [loaded, setLoaded] = useState<Loaded>({ state: 'idle' });
  useEffect(() => {
    if (!ctx.projectId || !credential) return setLoaded({ state: 'idle' });
    let current = true;
    setLoaded({ state: 'loading' });
    api.mcpTools(ctx.projectId, credential).then(
      ({ tools }) => current && setLoaded({ state: 'done', tools }),
      (error: Error) => current && setLoaded({ state: 'failed', message: error.message }),
    );
    return () => void (current = false);
  }, [ctx.projectId, credential]);
  const chosen = Array.isArray(value) ? value.map(String) : [];
  const listed = loaded.state === 'done' ? loaded.tools : [];
  const names = [...listed.map((t) => t.name), ...chosen.filter((name) => !listed.some((t) => t.name === name))];
  const toggle = (name: string) => onChange(chosen.includes(name) ? chosen.filter((n) => n !== name) : names.filter((n) => n === name || chosen.includes(n)));
  return (
    <div className="multi" id={inputId} role="group" data-testid="mcp-tools">
      {names.map((name) => (
        <label key={name} className={`chip-toggle${chosen.includes(name) ? ' on' : ''}`} title={listed.find((t) => t.name === name)?.description}>
          <input type="checkbox" checked={chosen.includes(name)} onChange={() => toggle(name)} />
          {name}
        </label>
      ))}
      {loaded.state === 'idle' && <p className="field-desc">Choose the MCP server credential first: its tools are listed here.</p>}
      {loaded.state === 'loading' && <p className="field-desc">Loading the server's tools…</p>}
      {loaded.state === 'failed' && <p className="field-problem">{loaded.message}</p>}
    </div>
  );
}
