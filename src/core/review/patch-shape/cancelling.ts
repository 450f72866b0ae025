import type { Node } from '../../syntax/parser';
import { comparison, paired, unwrapped } from './tree';

// Two edits that each change what the tests see and together cancel out but for the cases
// no test has (ties, an order no test depends on): reversing a loop and flipping the
// comparison in it; negating a condition and swapping the branches it chooses between. The
// net change is hidden in the pair.

export function cancellingEdits(before: Node, after: Node): string[] {
  const notes: string[] = [];
  if (paired(before, after, ['for_statement']).some(([was, is]) => reversesAndFlips(was, is))) {
    notes.push('reverses the iteration and flips the comparison: the two edits cancel on the tests');
  }
  if (paired(before, after, ['if_statement', 'conditional_expression']).some(([was, is]) => negatesAndSwaps(was, is))) {
    notes.push('negates the condition and swaps the branches: the two edits cancel on the tests');
  }
  return notes;
}

function reversesAndFlips(was: Node, is: Node): boolean {
  const [from, to] = [was, is].map((loop) => loop.childForFieldName('right'));
  const [wasBody, isBody] = [was, is].map((loop) => loop.childForFieldName('body'));
  if (!from || !to || !wasBody || !isBody || isReversed(from) === isReversed(to)) return false;
  return paired(wasBody, isBody, ['comparison_operator']).some(([a, b]) => flips(a, b));
}

/** `reversed(xs)`, `xs[::-1]`, `range(..., -1)`, `sorted(xs, reverse=True)`. */
function isReversed(iterable: Node): boolean {
  if (iterable.type === 'subscript')
    return iterable.childrenForFieldName('subscript').some((s) => s.type === 'slice' && /::\s*-/.test(s.text));
  if (iterable.type !== 'call') return false;
  const callee = iterable.childForFieldName('function')?.text;
  const args = iterable.childForFieldName('arguments')?.namedChildren ?? [];
  if (callee === 'reversed') return true;
  if (callee === 'range') return args.length === 3 && args[2]?.text.startsWith('-') === true;
  return args.some((arg) => arg?.type === 'keyword_argument' && arg.text.replace(/\s/g, '') === 'reverse=True');
}

const MIRRORED: Record<string, string> = { '>': '<', '>=': '<=' };
const SYMMETRIC = new Set(['==', '!=']);

/** Whether `is` compares the same two operands as `was`, with another meaning (`a < b` is `b > a`, not a flip). */
function flips(was: Node, is: Node): boolean {
  const [a, b] = [normalized(was), normalized(is)];
  return !!a && !!b && a.operands.join('\0') === b.operands.join('\0') && a.key !== b.key;
}

/** The comparison as `left op right` with `>`/`>=` turned round, its operands sorted; null when not a simple comparison. */
function normalized(node: Node): { operands: string[]; key: string } | null {
  const parts = comparison(node);
  if (!parts || !['<', '<=', '>', '>=', '==', '!='].includes(parts.operator)) return null;
  const mirrored = MIRRORED[parts.operator];
  let [left, right] = mirrored ? [parts.right.text, parts.left.text] : [parts.left.text, parts.right.text];
  if (SYMMETRIC.has(parts.operator) && left > right) [left, right] = [right, left];
  return { operands: [left, right].sort(), key: `${left} ${mirrored ?? parts.operator} ${right}` };
}

function negatesAndSwaps(was: Node, is: Node): boolean {
  const [a, b] = [branchesOf(was), branchesOf(is)];
  if (!a || !b || a.yes === a.no || a.yes !== b.no || a.no !== b.yes) return false;
  return flips(a.condition, b.condition) || negates(a.condition, b.condition) || negates(b.condition, a.condition);
}

/** An if/else (no elif) or conditional expression: its condition and the texts of its two branches. */
function branchesOf(node: Node): { condition: Node; yes: string; no: string } | null {
  if (node.type === 'conditional_expression') {
    const [yes, condition, no] = node.namedChildren;
    return yes && condition && no ? { condition, yes: yes.text, no: no.text } : null;
  }
  const condition = node.childForFieldName('condition');
  const alternatives = node.childrenForFieldName('alternative');
  const yes = node.childForFieldName('consequence')?.text;
  const no =
    alternatives.length === 1 && alternatives[0]!.type === 'else_clause' ? alternatives[0]!.childForFieldName('body')?.text : undefined;
  return condition && yes !== undefined && no !== undefined ? { condition, yes, no } : null;
}

/** Whether `is` is `not was`. */
function negates(was: Node, is: Node): boolean {
  const node = unwrapped(is);
  const argument = node.type === 'not_operator' ? node.childForFieldName('argument') : null;
  return !!argument && unwrapped(argument).text === unwrapped(was).text;
}
