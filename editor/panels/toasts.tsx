/** @module editor/panels/toasts — transient messages, bottom centre. */
import { observer } from 'mobx-react-lite';
import { toasts } from '../stores/toast-store.ts';

export const Toasts = observer(function Toasts() {
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.tone}`} data-testid="toast" onClick={() => toasts.dismiss(t.id)}>
          {t.text}
        </div>
      ))}
    </div>
  );
});
