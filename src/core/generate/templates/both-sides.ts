import type { Node } from '../../syntax/parser';
import { asOperand, describeChange, lineOf, replaceNode, type Edit, type EditContext } from './edit';

// The same wrap missing on both sides of a comparison: names compared as typed where case
// should not matter (`a.lower() == b.lower()`), lists compared where their lengths were
// meant (`len(a) < len(b)`), signed amounts where their sizes were (`abs(x) > abs(y)`). One
// wrap on one side alone is the builtin and method families' work; this family writes the
// pair, which neither of them does in one edit.

const WRAPS: { make: (operand: Node) => string; plausibility: number }[] = [
  { make: (o) => `len(${o.text})`, plausibility: 0.6 },
  { make: (o) => `${asOperand(o)}.lower()`, plausibility: 0.6 },
  { make: (o) => `abs(${o.text})`, plausibility: 0.5 },
  { make: (o) => `${asOperand(o)}.strip()`, plausibility: 0.4 },
  { make: (o) => `${asOperand(o)}.casefold()`, plausibility: 0.3 },
  { make: (o) => `int(${o.text})`, plausibility: 0.3 },
  { make: (o) => `float(${o.text})`, plausibility: 0.3 },
  { make: (o) => `str(${o.text})`, plausibility: 0.3 },
];
/** Operands a wrap on both sides makes no sense for: literals, which would be compared wrapped with the other side. */
const LITERALS = new Set([
  'string',
  'concatenated_string',
  'integer',
  'float',
  'none',
  'true',
  'false',
  'list',
  'tuple',
  'dictionary',
  'set',
]);
const ORDERINGS = new Set(['<', '<=', '>', '>=', '==', '!=']);

export function bothSidesEdits(ctx: EditContext): Edit[] {
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    if (node.type !== 'comparison_operator' || node.namedChildCount !== 2) continue;
    const operators = node.children.filter((child) => child !== null && !child.isNamed);
    if (operators.length !== 1 || !ORDERINGS.has(operators[0]!.type)) continue;
    const [left, right] = node.namedChildren as [Node, Node];
    if (LITERALS.has(left.type) || LITERALS.has(right.type)) continue;
    for (const { make, plausibility } of WRAPS) {
      const [newLeft, newRight] = [make(left), make(right)];
      const operator = operators[0]!.type;
      edits.push({
        kind: 'wrap-both-sides',
        plausibility,
        splices: [replaceNode(left, newLeft), replaceNode(right, newRight)],
        summary: describeChange(lineOf(node), node.text, `${newLeft} ${operator} ${newRight}`),
      });
    }
  }
  return edits;
}
