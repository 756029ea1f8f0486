/** @module editor/env — Vite's client types (CSS imports, import.meta.env) for the studio. */
/// <reference types="vite/client" />
