import type { Node } from '../../syntax/parser';
import { lineOf } from './edit';
import { identifierRole } from '../../syntax/scope';

// Which names of a function are used close to a site: the substitutes worth trying first when
// a family may pick from every name in scope but can only afford a few per site.

/** Lines on which each plain name of `owner` is read or assigned (parameter declarations aside). */
export function occurrenceLines(owner: Node): Map<string, number[]> {
  const lines = new Map<string, number[]>();
  for (const id of owner.descendantsOfType('identifier')) {
    if (!id) continue;
    const role = identifierRole(id);
    if (role !== 'value' && role !== 'target') continue;
    const seen = lines.get(id.text);
    if (seen) seen.push(lineOf(id));
    else lines.set(id.text, [lineOf(id)]);
  }
  return lines;
}

/**
 * `names` ordered by the distance of their nearest occurrence to `line`, at most `limit`. A name
 * that never occurs (an unused parameter) comes first: it is often what the fix needs.
 */
export function nearestNames(names: Iterable<string>, occurrences: Map<string, number[]>, line: number, limit: number): string[] {
  const distance = (name: string) => {
    const lines = occurrences.get(name);
    return lines ? Math.min(...lines.map((l) => Math.abs(l - line))) : 0;
  };
  return [...new Set(names)]
    .map((name) => ({ name, distance: distance(name) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, limit)
    .map((n) => n.name);
}

/** Identifier texts inside a node, for leaving out names an expression already uses. */
export function namesIn(node: Node): Set<string> {
  const names = new Set<string>(node.type === 'identifier' ? [node.text] : []);
  for (const id of node.descendantsOfType('identifier')) if (id) names.add(id.text);
  return names;
}
