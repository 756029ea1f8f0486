/**
 * @module catalogue/app/smtp-node/addresses — the address fields of a mail ('a@x.com, Bo <b@y.org>')
 * as a list, each checked, so a typo fails the node with the address named instead of a
 * server's refusal after the others were sent.
 */
import { userError } from '../../errors.ts';

/** local@domain: no spaces, no angle brackets, one @, a dot in the domain */
const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/** The addresses of a field: separated by commas or semicolons; each `addr` or `Name <addr>`. */
export function addressList(text: string | undefined, label: string): string[] {
  if (!text) return [];
  return text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const named = /^(.*)<([^<>]+)>$/.exec(part);
      const address = (named ? named[2] : part).trim();
      if (!ADDRESS.test(address)) throw userError(`${label}: '${part}' is not an email address`);
      return named ? `${named[1].trim().replace(/^"|"$/g, '')} <${address}>`.trim() : address;
    });
}
