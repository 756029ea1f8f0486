/**
 * @module widgets/shared/embed — how a widget script finds itself on the host page: the weft
 * server it came from (its own src), the flow (data-flow) and where to mount; and a shadow
 * root so the host page's CSS and the widget's never mix.
 */

export interface Embed {
  /** the weft server the script was loaded from, e.g. https://weft.example.com */
  server: string;
  flowId: string;
  /** the script tag (embedded widgets mount right after it unless data-target names a place) */
  script: HTMLScriptElement;
  target?: string;
}

/** Read the running script tag. Call at the top level of the entry (currentScript is set only then). */
export function currentEmbed(name: string): Embed | null {
  const script = (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>(`script[src*="/widgets/${name}.js"]`);
  if (!script) return null;
  const flowId = script.dataset.flow ?? '';
  if (!flowId) {
    console.error(`weft ${name} widget: add data-flow="<flow id>" to the script tag`);
    return null;
  }
  return { server: new URL(script.src, location.href).origin, flowId, script, target: script.dataset.target };
}

/** A host element with an open shadow root holding the widget's styles and a mount point. */
export function shadowMount(host: HTMLElement, css: string): HTMLElement {
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = css;
  const root = document.createElement('div');
  root.className = 'weft-root';
  shadow.append(style, root);
  return root;
}

/** The element a widget is placed in: data-target's element, or a new one after the script tag. */
export function placeHost(embed: Embed, tag: string): HTMLElement {
  const host = document.createElement(tag);
  const target = embed.target ? document.querySelector(embed.target) : null;
  if (target) target.append(host);
  else embed.script.after(host);
  return host;
}

export function whenReady(start: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
