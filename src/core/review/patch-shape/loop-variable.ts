import { identifierRole } from '../../syntax/scope';
import type { Node } from '../../syntax/parser';
import { descendants } from './tree';

// A loop variable read after its loop holds whatever the last iteration left (or nothing, if
// the loop never ran): a thin suite whose last item happens to be the answer passes it.

export function loopVariableReads(before: Node, after: Node): string[] {
  const was = readAfterLoops(before);
  return [...readAfterLoops(after)].filter((name) => !was.has(name)).map((name) => `reads the loop variable \`${name}\` after its loop`);
}

const COMPREHENSIONS = new Set(['list_comprehension', 'set_comprehension', 'dictionary_comprehension', 'generator_expression']);

/** Names read where their latest binding, in document order, is a for loop that has ended. */
function readAfterLoops(definition: Node): Set<string> {
  // Per name, where the loop that bound it last ends; null when something else bound it last.
  const loopEnds = new Map<string, number | null>();
  const found = new Set<string>();
  for (const id of descendants(definition)) {
    if (id.type !== 'identifier') continue;
    const role = identifierRole(id);
    if (role === 'target' || role === 'parameter') loopEnds.set(id.text, loopEndOf(id));
    else if (role === 'value' && id.startIndex >= (loopEnds.get(id.text) ?? Infinity) && !comprehensionBinds(id)) found.add(id.text);
  }
  return found;
}

/** Where the body of the for loop whose target `id` is ends; null when `id` is another kind of target. */
function loopEndOf(id: Node): number | null {
  let node = id.parent;
  while (node && ['pattern_list', 'tuple_pattern', 'list_pattern', 'parenthesized_expression'].includes(node.type)) node = node.parent;
  return node?.type === 'for_statement' ? (node.childForFieldName('body')?.endIndex ?? null) : null;
}

/** Whether a comprehension around `id` binds its name: `[x for x in xs]` reads its own `x`, written before it is bound. */
function comprehensionBinds(id: Node): boolean {
  for (let node = id.parent; node; node = node.parent) {
    if (!COMPREHENSIONS.has(node.type)) continue;
    const targets = node.namedChildren.map((child) => (child?.type === 'for_in_clause' ? child.childForFieldName('left') : null));
    if (targets.some((target) => target && descendants(target).some((n) => n.text === id.text))) return true;
  }
  return false;
}
