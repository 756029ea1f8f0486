/** @module editor/forms/fields/flow-field — pick another flow of the same project (Execute Flow). */
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import type { FlowSummary } from '../../../contract/flow-document.ts';
import type { FieldProps } from '../field-types.ts';

export function FlowField({ value, onChange, ctx, inputId }: FieldProps) {
  const [flows, setFlows] = useState<FlowSummary[]>([]);
  useEffect(() => {
    if (ctx.projectId) api.flows(ctx.projectId).then(setFlows, () => setFlows([]));
  }, [ctx.projectId]);
  const current = typeof value === 'string' ? value : '';
  const others = flows.filter((f) => f.id !== ctx.flowId);
  return (
    <select id={inputId} className="input" value={current} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">— choose a flow —</option>
      {current && !others.some((f) => f.id === current) && <option value={current}>{current}</option>}
      {others.map((f) => (
        <option key={f.id} value={f.id}>
          {f.name}
        </option>
      ))}
    </select>
  );
}
