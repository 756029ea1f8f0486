/**
 * @module catalogue/data-source/globs — the file patterns of the file sources (spec 001 §3
 * `globs`), read as the data-sync service reads them: `**` any folders (`**\/` also none), `*`
 * any characters of one name, `?` one character, `{a,b}` either, `[abc]` one of; matched against
 * the file's whole path, case-sensitively.
 */

/** A pattern as an anchored regular expression. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '{') {
      braces++;
      source += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      source += ')';
    } else if (c === ',' && braces > 0) source += '|';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end === -1) source += '\\[';
      else {
        source += `[${glob.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else source += c.replace(/[.+^$()|\\\]]/g, '\\$&');
  }
  return new RegExp(`^${source}${')'.repeat(braces)}$`);
}

/** Whether a path matches any of the patterns (a leading '/' or './' of the path is left out). */
export function matchesAnyGlob(path: string, globs: readonly string[]): boolean {
  const relative = path.replace(/^\.?\/+/, '');
  return globs.some((glob) => globToRegExp(glob.replace(/^\.?\/+/, '')).test(relative));
}
