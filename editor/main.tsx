/** @module editor/main — the studio's entry point. */
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import './styles/base.css';
import './styles/canvas.css';
import './styles/panels.css';
import './styles/forms.css';
import './styles/test-panes.css';
import './styles/sticky-notes.css';
import './styles/versions.css';
import './styles/tests.css';

createRoot(document.getElementById('root')!).render(<App />);
