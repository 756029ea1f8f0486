/**
 * @module editor/stores/draft-problems — which nodes a draft's structural problems name. The
 * server stores a draft with its problems (no trigger, a For Loop without its end, a cycle) and
 * names nodes by id inside each text; the canvas shows a problem on every node it names.
 */

const idCharacter = /[A-Za-z0-9_]/;

/** Does `text` name `id` as a whole word (not inside a longer id)? */
function names(text: string, id: string): boolean {
  for (let at = text.indexOf(id); at >= 0; at = text.indexOf(id, at + 1)) {
    const before = text[at - 1];
    const after = text[at + id.length];
    if ((!before || !idCharacter.test(before)) && (!after || !idCharacter.test(after))) return true;
  }
  return false;
}

/** Each node id with the problems that name it (nodes named by none are left out). */
export function problemsByNode(problems: string[], nodeIds: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const id of nodeIds) {
    const named = problems.filter((problem) => names(problem, id));
    if (named.length) found.set(id, named);
  }
  return found;
}
