/** @module editor/panels/shortcuts-help — the toolbar's "?" button and the list of keyboard shortcuts it opens. */
import { useRef, useState } from 'react';
import { useDismiss } from './use-dismiss.ts';
import { shortcuts } from '../canvas/keyboard.ts';

export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  const holder = useRef<HTMLSpanElement>(null);
  useDismiss(holder, open, () => setOpen(false));
  return (
    <span ref={holder}>
      <button className="btn btn--icon" title="Keyboard shortcuts" aria-label="Keyboard shortcuts" aria-expanded={open} onClick={() => setOpen(!open)}>?</button>
      {open && (
        <div className="shortcuts" onClick={() => setOpen(false)}>
          {shortcuts.map(([keys, what]) => (
            <div key={keys}>
              <kbd>{keys}</kbd> {what}
            </div>
          ))}
        </div>
      )}
    </span>
  );
}
