/** @module editor/panels/slug-editor — a node's id (its slug in templates), renamable; references follow. */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { Studio } from '../stores/studio.ts';

export const SlugEditor = observer(function SlugEditor({ studio, nodeId }: { studio: Studio; nodeId: string }) {
  const slug = studio.config.get(nodeId)?.slug ?? '';
  const [text, setText] = useState(slug);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    setText(slug);
    setProblem('');
  }, [slug]);
  const commit = () => {
    if (text === slug) return setProblem('');
    setProblem(studio.canvas?.rename(nodeId, text.trim()) ?? '');
  };
  return (
    <div className="slug-editor">
      <label htmlFor={`slug-${nodeId}`}>Node id</label>
      <div className="slug-row">
        <code>{'{{'}</code>
        <input
          id={`slug-${nodeId}`}
          data-testid="slug-input"
          className={`input mono${problem ? ' invalid' : ''}`}
          value={text}
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
            if (e.key === 'Escape') setText(slug);
          }}
        />
        <code>{'.output}}'}</code>
      </div>
      {problem ? <p className="field-problem">{problem}</p> : <p className="field-desc">Templates refer to this node by its id; renaming it updates every reference.</p>}
    </div>
  );
});
