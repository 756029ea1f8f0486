/**
 * @module widgets/vite.config — each widget built to one self-contained script (IIFE, React
 * inside, CSS inside as text) in dist/widgets/<name>.js. `WIDGET=chat|search` picks the widget
 * when Vite is run by hand; widgets/build.ts builds both with `widgetConfig`.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { widgetsDist } from '../paths.ts';

export const widgetNames = ['chat', 'search'] as const;
export type WidgetName = (typeof widgetNames)[number];

export function widgetConfig(name: WidgetName): UserConfig {
  return {
    root: import.meta.dirname,
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    logLevel: 'warn',
    build: {
      outDir: widgetsDist,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: false,
      minify: true,
      lib: {
        entry: resolve(import.meta.dirname, name, 'main.tsx'),
        formats: ['iife'],
        name: `weft_${name}_widget`,
        fileName: () => `${name}.js`,
      },
    },
  };
}

export default defineConfig(widgetConfig((process.env.WIDGET as WidgetName | undefined) ?? 'chat'));
