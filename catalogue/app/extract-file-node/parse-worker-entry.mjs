// The parsing worker's entry: worker threads do not inherit the TypeScript loader of the
// process (tsx), so it is registered here before the worker's TypeScript body is imported.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
