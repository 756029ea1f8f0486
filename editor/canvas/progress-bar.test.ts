import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './node-view.tsx';

const render = (progress: { done: number; total?: number }) => renderToStaticMarkup(createElement(ProgressBar, { progress }));

describe('the node progress bar', () => {
  it('fills by done of total and says the count', () => {
    const html = render({ done: 3, total: 4 });
    expect(html).toContain('width:75%');
    expect(html).toContain('3 of 4');
    expect(html).toContain('aria-valuenow="3"');
    expect(html).toContain('aria-valuemax="4"');
  });

  it('is full at most, and without a total shows the count alone', () => {
    expect(render({ done: 9, total: 4 })).toContain('width:100%');
    const open = render({ done: 5 });
    expect(open).not.toContain('wn-progress-fill');
    expect(open).toContain('>5<');
  });
});
