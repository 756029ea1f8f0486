/**
 * @module widgets/search/main — the entry of /widgets/search.js:
 * `<script src="https://weft.example/widgets/search.js" data-flow="<flow id>" async></script>`
 * places a search box after the script tag (or inside the element `data-target` names).
 */
import { createRoot } from 'react-dom/client';
import { currentEmbed, placeHost, shadowMount, whenReady } from '../shared/embed.ts';
import { SearchApp } from './search-app.tsx';
import { searchCss } from './styles.ts';

const embed = currentEmbed('search');
if (embed) {
  whenReady(() => {
    const host = placeHost(embed, 'weft-search');
    createRoot(shadowMount(host, searchCss)).render(<SearchApp embed={embed} />);
  });
}
