import type { Node } from '../../syntax/parser';
import { describeAt, lineOf, replaceNode, type Edit, type EditContext } from './edit';

// Swapped arguments and swapped operands: the two texts trade places. Operands are only
// swapped where order matters and the swap is not just another operator (a < b is b > a).

const NON_COMMUTATIVE = new Set(['-', '/', '//', '%', '**', '<<', '>>', '@']);

// Binding strength of binary operators, loosest first.
const PRECEDENCE: Record<string, number> = {
  '|': 0,
  '^': 1,
  '&': 2,
  '<<': 3,
  '>>': 3,
  '+': 4,
  '-': 4,
  '*': 5,
  '/': 5,
  '//': 5,
  '%': 5,
  '@': 5,
  '**': 7,
};
const UNARY_PRECEDENCE = 6;
const ATOM_PRECEDENCE = 8;

function precedenceOf(node: Node): number {
  if (node.type === 'binary_operator') return PRECEDENCE[node.childForFieldName('operator')?.text ?? ''] ?? -1;
  if (node.type === 'unary_operator') return UNARY_PRECEDENCE;
  if (
    [
      'identifier',
      'integer',
      'float',
      'string',
      'call',
      'attribute',
      'subscript',
      'parenthesized_expression',
      'list',
      'tuple',
      'dictionary',
      'set',
      'true',
      'false',
      'none',
    ].includes(node.type)
  ) {
    return ATOM_PRECEDENCE;
  }
  return -1;
}

/** Text of `node` placed as the left (or right) operand of an operator of precedence `outer`. */
function operandText(node: Node, outer: number, side: 'left' | 'right', rightAssociative: boolean): string {
  const inner = precedenceOf(node);
  const loose =
    side === 'left' ? inner < outer || (rightAssociative && inner === outer) : inner < outer || (!rightAssociative && inner === outer);
  return loose || inner < 0 ? `(${node.text})` : node.text;
}

function swapEdit(
  kind: 'swap-args' | 'swap-operands',
  first: Node,
  second: Node,
  firstText: string,
  secondText: string,
  what: string,
): Edit {
  return {
    kind,
    plausibility: 1,
    splices: [replaceNode(first, secondText), replaceNode(second, firstText)],
    summary: describeAt(lineOf(first), what),
  };
}

function argumentSwaps(call: Node): Edit[] {
  const args = (call.childForFieldName('arguments')?.namedChildren ?? []).filter(
    (a): a is Node => !!a && a.type !== 'keyword_argument' && !a.type.endsWith('splat') && a.type !== 'comment',
  );
  const edits: Edit[] = [];
  for (let i = 0; i + 1 < args.length; i++) {
    const [a, b] = [args[i]!, args[i + 1]!];
    if (a.text === b.text) continue;
    edits.push(swapEdit('swap-args', a, b, a.text, b.text, `swap arguments \`${a.text}\` and \`${b.text}\``));
  }
  return edits;
}

function operandSwap(node: Node): Edit | null {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const op = node.childForFieldName('operator')?.text ?? '';
  if (!left || !right || !NON_COMMUTATIVE.has(op) || left.text === right.text) return null;
  const outer = PRECEDENCE[op]!;
  const rightAssociative = op === '**';
  // `right` moves to the left side and `left` to the right side.
  const newLeft = operandText(right, outer, 'left', rightAssociative);
  const newRight = operandText(left, outer, 'right', rightAssociative);
  return swapEdit('swap-operands', left, right, newRight, newLeft, `swap operands of \`${op}\``);
}

function membershipSwap(node: Node): Edit | null {
  const operators = node.childrenForFieldName('operators');
  const operands = node.namedChildren.filter((c): c is Node => !!c);
  if (operators.length !== 1 || operands.length !== 2) return null;
  const op = operators[0]!.text;
  if (op !== 'in' && op !== 'not in') return null;
  const [a, b] = [operands[0]!, operands[1]!];
  return swapEdit('swap-operands', a, b, a.text, b.text, `swap operands of \`${op}\``);
}

export function swapEdits(ctx: EditContext): Edit[] {
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    if (node.type === 'call') edits.push(...argumentSwaps(node));
    const swap = node.type === 'binary_operator' ? operandSwap(node) : node.type === 'comparison_operator' ? membershipSwap(node) : null;
    if (swap) edits.push(swap);
  }
  return edits;
}
