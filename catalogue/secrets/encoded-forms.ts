/**
 * @module catalogue/secrets/encoded-forms — the forms a secret commonly takes when a server echoes
 * it back transformed: other letter case, URL-encoding, base64 and base64url (also inside a
 * longer encoded text such as `base64(user:password)` or a whole encoded header). Made once per
 * secret read (SecretRedactor.add); matched with two regular expressions, not one search each.
 */

/** Secrets shorter than this are masked as exact copies only: their encoded forms would be too short to tell apart from other text. */
export const MIN_ENCODED_LENGTH = 6;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The base64 characters that stand for `secret` wherever it sits in a longer encoded text: the
 * encoding of each of the three alignments (0, 1 or 2 bytes before it), less the characters
 * that also carry bits of its neighbours.
 */
function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const cores: string[] = [];
  for (let before = 0; before < 3; before++) {
    const encoded = Buffer.concat([Buffer.alloc(before), bytes]).toString('base64');
    const start = Math.ceil((8 * before) / 6);
    const end = Math.floor((8 * (before + bytes.length)) / 6);
    cores.push(encoded.slice(start, end));
  }
  return cores;
}

const base64url = (core: string) => core.replace(/\+/g, '-').replace(/\//g, '_');

/**
 * What a text is searched for, for `secrets`: `anyCase` (the secrets themselves and their
 * URL-encodings, whatever their letter case) and `exactCase` (base64 and base64url forms, and
 * secrets too short for the other forms, as they are). Null when there is nothing to search for.
 */
export function secretPatterns(secrets: readonly string[]): { anyCase: RegExp | null; exactCase: RegExp | null } {
  const anyCase = new Set<string>();
  const exactCase = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_ENCODED_LENGTH) {
      exactCase.add(secret);
      continue;
    }
    anyCase.add(secret);
    anyCase.add(encodeURIComponent(secret));
    anyCase.add(encodeURIComponent(secret).replace(/%20/g, '+')); // form encoding
    for (const variant of new Set([secret, secret.toLowerCase(), secret.toUpperCase()])) {
      for (const core of base64Cores(variant)) {
        exactCase.add(core);
        exactCase.add(base64url(core));
      }
    }
  }
  // longest first, so a secret that contains another is replaced whole
  const pattern = (texts: Set<string>, flags: string) =>
    texts.size ? new RegExp([...texts].sort((a, b) => b.length - a.length).map(escape).join('|'), flags) : null;
  return { anyCase: pattern(anyCase, 'gi'), exactCase: pattern(exactCase, 'g') };
}
