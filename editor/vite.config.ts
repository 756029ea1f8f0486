/** @module editor/vite.config — builds the studio into dist/editor; the dev server proxies the API to a running weft. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { editorDist } from '../paths.ts';

const api = process.env.WEFT_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  build: {
    outDir: editorDist,
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/hook': { target: api, changeOrigin: false },
    },
  },
});
