/** `npm run flow-tests -- <project or flow id> [--version n] [--url URL] [--api-key KEY] [--junit file]`: scripts/flow-tests/cli.ts. */
import { flowTestsCli } from './flow-tests/cli.ts';

process.exitCode = await flowTestsCli(process.argv.slice(2), { env: process.env, print: (line) => console.log(line) }).catch((error: Error) => {
  console.error(error.message);
  return 2;
});
