// The parsing worker's entry: worker threads do not inherit the TypeScript loader of the
// process (tsx), so it is registered here before the worker's TypeScript body is imported.
// The production build (scripts/build-server.mjs) compiles parse-worker.ts itself under this
// name, next to start.mjs: there no loader is registered.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
