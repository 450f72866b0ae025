import type { Node } from '../../syntax/parser';
import { lineOf, nodeEdit, type Edit, type EditContext } from './edit';
import { nearestNames, occurrenceLines } from './nearby';
import type { ValueKind } from '../../syntax/scope';
import { nameKind } from './value-kind';

// A placeholder left where a value was meant: `return []` instead of the list the function
// built, `count = 0` instead of the start it was given. The literal is replaced by a local or
// parameter of the function that could hold that kind of value, nearest first.

// Names tried per literal beyond which the rest are not worth their validation time.
const MAX_PER_SITE = 4;

/** What kind of value a placeholder literal stands for; null when any. */
function placeholderKind(node: Node): ValueKind | null | undefined {
  switch (node.type) {
    case 'integer':
      return node.text === '0' || node.text === '1' ? 'number' : undefined;
    case 'list':
    case 'dictionary':
    case 'tuple':
      return node.namedChildCount === 0 ? 'collection' : undefined;
    case 'string':
      return /^[rbuf]*(?:''|"")$/i.test(node.text) ? null : undefined;
    case 'none':
    case 'true':
    case 'false':
      return null;
    default:
      return undefined;
  }
}

/** The name a literal is assigned to (`count = 0`), so it is not replaced by itself. */
function assignedName(node: Node): string | undefined {
  const parent = node.parent;
  if ((parent?.type === 'assignment' || parent?.type === 'augmented_assignment') && parent.childForFieldName('right')?.id === node.id) {
    return parent.childForFieldName('left')?.text;
  }
  return undefined;
}

function isPlaceholderPosition(node: Node): boolean {
  const parent = node.parent;
  switch (parent?.type) {
    case 'return_statement':
    case 'argument_list':
      return true;
    case 'subscript': // xs[0] for xs[start]
      return node.type === 'integer' && parent.childrenForFieldName('subscript').some((s) => s.id === node.id);
    case 'slice':
      return node.type === 'integer';
    case 'keyword_argument':
      return parent.childForFieldName('value')?.id === node.id;
    default:
      return assignedName(node) !== undefined;
  }
}

export function literalEdits(ctx: EditContext): Edit[] {
  const { scope } = ctx;
  if (ctx.owner.type !== 'function_definition') return [];
  const occurrences = occurrenceLines(ctx.owner);
  const names = [...scope.params, ...scope.locals].filter((n) => n !== scope.receiver);
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    const wanted = placeholderKind(node);
    if (wanted === undefined || !isPlaceholderPosition(node)) continue;
    const own = assignedName(node);
    // A name known to hold another kind of value does not fit; an unknown one might.
    const fits = names.filter((n) => n !== own && (wanted === null || nameKind(n, scope) !== otherKind(wanted)));
    const nearest = nearestNames(fits, occurrences, lineOf(node), MAX_PER_SITE);
    nearest.forEach((name, i) => {
      const known = wanted !== null && nameKind(name, scope) === wanted;
      edits.push(nodeEdit('fill-literal', (known ? 1 : 0.6) / (1 + 0.25 * i), node, name));
    });
  }
  return edits;
}

function otherKind(kind: ValueKind): ValueKind {
  return kind === 'number' ? 'collection' : 'number';
}
