import { identifierRole } from '../../syntax/scope';
import type { Node } from '../../syntax/parser';
import { comparison, descendants, paired, reads } from './tree';

// A loop bound raised from a square root, a logarithm or a half to the value itself: the loop
// makes the same checks and more, so the tests' small inputs still pass, but its cost grows
// from the root (or log, or half) of n to n.

// How a bound grows with the value it is computed from, slowest first.
const CONSTANT = 0;
const LOGARITHM = 1;
const ROOT = 2;
const HALF = 3;
const LINEAR = 4;
const GROWTH_NAMES = ['a constant', 'a logarithm', 'a square root', 'a half'];

const ROOT_CALLS = new Set(['sqrt', 'isqrt']);
const LOG_CALLS = new Set(['log', 'log2', 'log10', 'log1p', 'bit_length']);
// Calls whose result grows as their argument does.
const ROUNDING_CALLS = new Set(['int', 'round', 'floor', 'ceil', 'abs']);

export function costGrowth(before: Node, after: Node): string[] {
  return paired(before, after, ['for_statement', 'while_statement']).flatMap(([was, is]) => {
    const [from, to] = [boundOf(was, before), boundOf(is, after)];
    const grows = from && to && from.growth > CONSTANT && from.growth < LINEAR && to.growth > from.growth;
    return grows ? [`raises the loop bound from ${GROWTH_NAMES[from.growth]} to \`${to.text}\` (cost grows)`] : [];
  });
}

/** A range loop's stop, or what a while loop's counter is compared with; null for other loops. */
function boundOf(loop: Node, definition: Node): { growth: number; text: string } | null {
  if (loop.type === 'for_statement') {
    const range = loop.childForFieldName('right');
    const args =
      range?.type === 'call' && range.childForFieldName('function')?.text === 'range'
        ? range.childForFieldName('arguments')?.namedChildren
        : undefined;
    const stop = args?.[args.length === 1 ? 0 : 1];
    return stop ? { growth: growthOf(stop, definition), text: stop.text } : null;
  }
  const test = comparison(loop.childForFieldName('condition') ?? loop);
  const body = loop.childForFieldName('body');
  if (!test || !body) return null;
  // The side the loop's own assignments change is the counter, the other its bound.
  const counters = new Set(
    descendants(body)
      .filter((n) => n.type === 'identifier' && identifierRole(n) === 'target')
      .map((n) => n.text),
  );
  const [left, right] = [reads(test.left, counters), reads(test.right, counters)];
  if (left === right) return null;
  const [counter, bound] = left ? [test.left, test.right] : [test.right, test.left];
  return { growth: isSquare(counter) ? ROOT : growthOf(bound, definition), text: bound.text };
}

function growthOf(node: Node, definition: Node, seen: ReadonlySet<string> = new Set()): number {
  const of = (child: Node | null | undefined): number => (child ? growthOf(child, definition, seen) : LINEAR);
  const [left, right] = [node.childForFieldName('left'), node.childForFieldName('right')];
  switch (node.type) {
    case 'integer':
    case 'float':
      return CONSTANT;
    case 'parenthesized_expression':
    case 'unary_operator':
      return of(node.namedChildren[node.namedChildren.length - 1]);
    case 'call': {
      const callee = node.childForFieldName('function');
      const name = (callee?.type === 'attribute' ? callee.childForFieldName('attribute') : callee)?.text ?? '';
      if (ROOT_CALLS.has(name)) return ROOT;
      if (LOG_CALLS.has(name)) return LOGARITHM;
      return ROUNDING_CALLS.has(name) ? of(node.childForFieldName('arguments')?.namedChildren[0]) : LINEAR;
    }
    case 'binary_operator': {
      const operator = node.childForFieldName('operator')?.text ?? '';
      if (operator === '**' && Number(right?.text) === 0.5) return ROOT;
      if (((operator === '//' || operator === '/') && right?.text === '2') || (operator === '>>' && right?.text === '1'))
        return Math.min(HALF, of(left));
      return ['+', '-', '*'].includes(operator) ? Math.max(of(left), of(right)) : LINEAR;
    }
    case 'identifier': {
      // A local assigned once: the bound grows as its value does.
      const value = seen.has(node.text) ? null : soleValue(definition, node.text);
      return value ? growthOf(value, definition, new Set([...seen, node.text])) : LINEAR;
    }
    default:
      return LINEAR;
  }
}

/** The value of `name = value` when that is the only binding of `name` in the function. */
function soleValue(definition: Node, name: string): Node | null {
  const bindings = descendants(definition).filter(
    (n) => n.type === 'identifier' && n.text === name && ['target', 'parameter'].includes(identifierRole(n)),
  );
  const assignment = bindings.length === 1 ? bindings[0]!.parent : null;
  return assignment?.type === 'assignment' && assignment.childForFieldName('left')?.id === bindings[0]!.id
    ? assignment.childForFieldName('right')
    : null;
}

/** `i * i` or `i ** 2`: comparing it with n bounds i by the root of n. */
function isSquare(node: Node): boolean {
  const operator = node.childForFieldName('operator')?.text;
  const [left, right] = [node.childForFieldName('left'), node.childForFieldName('right')];
  return (
    node.type === 'binary_operator' && ((operator === '*' && left?.text === right?.text) || (operator === '**' && right?.text === '2'))
  );
}
