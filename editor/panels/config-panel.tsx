/** @module editor/panels/config-panel — the focused node: what it is, whether it is disabled or pinned, its id, its form, retry and on-error settings; or the flow's warnings. */
import { observer } from 'mobx-react-lite';
import type { FormContext } from '../forms/field-types.ts';
import { NodeForm } from '../forms/node-form.tsx';
import { previewSource, previewTemplate } from '../forms/template-preview.ts';
import { templateSuggestions } from '../forms/template-suggestions.ts';
import { Icon } from '../icons/icon.tsx';
import { colorOf } from '../stores/catalogue-store.ts';
import type { Studio } from '../stores/studio.ts';
import { NodeInspector } from './node-inspector.tsx';
import { SlugEditor } from './slug-editor.tsx';
import { FailureSettings } from './failure-settings.tsx';
import { NodeSwitches } from './node-switches.tsx';

function sampleInput(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const ConfigPanel = observer(function ConfigPanel({ studio }: { studio: Studio }) {
  const nodeId = studio.selection.focused;
  const config = nodeId ? studio.config.get(nodeId) : undefined;
  const definition = config ? studio.catalogue.get(config.type) : undefined;
  if (!nodeId || !config || !definition || !studio.canvas?.editor.getNode(nodeId)) {
    const warnings = studio.session.warnings;
    return (
      <div className="empty-panel">
        <p className="muted">Select a node to configure it, or drag one in from the palette.</p>
        {studio.selection.selected.size > 1 && <p>{studio.selection.selected.size} nodes selected.</p>}
        {warnings.length > 0 && (
          <div className="warnings">
            <h4>Before this flow can run</h4>
            <ul>
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    );
  }
  const canvas = studio.canvas;
  const upstream = canvas.upstream(nodeId).map((id) => {
    const c = studio.config.get(id);
    return { slug: c?.slug ?? id, definition: c ? studio.catalogue.get(c.type) : undefined };
  });
  const testInput = sampleInput(studio.runs.input);
  const runOutputs = studio.stage.focused && new Map([...studio.stage.focused.nodes].map(([slug, run]) => [slug, run.output]));
  const source = previewSource(runOutputs ?? undefined, studio.triggerSlug, testInput);
  const ctx: FormContext = {
    suggestions: templateSuggestions(upstream, testInput),
    projectId: studio.session.flow?.projectId,
    flowId: studio.flowId,
    credentials: studio.credentials.list ?? [],
    nodeOf: studio.nodeLookup,
    preview: (template) => previewTemplate(template, source),
    defaultModels: studio.defaultModels,
  };
  return (
    <div className="config-panel" data-testid="config-panel" style={{ '--cat': colorOf(definition) } as React.CSSProperties}>
      <div className="config-head">
        <span className="config-icon"><Icon name={definition.icon} /></span>
        <div>
          <h2>{definition.label}</h2>
          <span className="muted">{definition.category}{definition.status === 'Restricted' ? ' · Restricted' : ''}</span>
        </div>
      </div>
      <p className="config-desc">{definition.description}</p>
      <NodeSwitches studio={studio} nodeId={nodeId} />
      {studio.stage.active && <NodeInspector studio={studio} slug={config.slug} compact />}
      <SlugEditor key={`slug-${nodeId}`} studio={studio} nodeId={nodeId} />
      <NodeForm key={`form-${nodeId}`} definition={definition} values={config.values} onChange={(field, value) => canvas.setValue(nodeId, field, value)} ctx={ctx} idPrefix={nodeId} />
      {!definition.isTrigger && <FailureSettings studio={studio} nodeId={nodeId} canContinue={!['loopStart', 'loopEnd'].includes(studio.catalogue.role(config.type))} />}
    </div>
  );
});
