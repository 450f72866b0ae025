import type { Node } from '../../syntax/parser';
import { nodeEdit, type Edit, type EditContext } from './edit';
import type { Scope } from '../../syntax/scope';

// Off-by-one: integer literals one up or down everywhere, and the expressions in the
// positions where off-by-ones live (indices, range() arguments, slice bounds) shifted by one,
// or stripped of the `+ 1` / `- 1` they carry.

const DECIMAL = /^\d+$/;

// Node types that can take a trailing `+ 1` without parentheses.
const ADDITIVE_SAFE = new Set([
  'identifier',
  'attribute',
  'subscript',
  'call',
  'parenthesized_expression',
  'integer',
  'float',
  'unary_operator',
]);

function additiveOperand(node: Node): string {
  if (ADDITIVE_SAFE.has(node.type)) return node.text;
  if (node.type === 'binary_operator' && /^(?:[-+*%@]|\/\/?|\*\*)$/.test(node.childForFieldName('operator')?.text ?? '')) {
    return node.text;
  }
  return `(${node.text})`;
}

/** Value of an integer literal, or of `-<integer>`; null for anything else. */
function integerValue(node: Node): number | null {
  if (node.type === 'integer' && DECIMAL.test(node.text)) return Number(node.text);
  if (node.type === 'unary_operator' && node.childForFieldName('operator')?.text === '-') {
    const argument = node.childForFieldName('argument');
    if (argument?.type === 'integer' && DECIMAL.test(argument.text)) return -Number(argument.text);
  }
  return null;
}

/** `x + 1` or `x - 1`: the operand and the sign. */
function shiftedByOne(node: Node): Node | null {
  if (node.type !== 'binary_operator') return null;
  const op = node.childForFieldName('operator')?.text;
  const right = node.childForFieldName('right');
  if ((op === '+' || op === '-') && right && integerValue(right) === 1) return node.childForFieldName('left');
  return null;
}

/** Edits for an expression in an index, range or slice position. */
function boundEdits(expr: Node, scope: Scope): Edit[] {
  if (integerValue(expr) !== null) return []; // the literal rule covers it
  const base = shiftedByOne(expr);
  if (base) return [nodeEdit('off-by-one', 1, expr, base.text)];
  // table[key] with a key that is not known to be a number is rarely off by one.
  const plausibility = expr.type !== 'identifier' || scope.kindOf(expr.text) === 'number' ? 1 : 0.3;
  const operand = additiveOperand(expr);
  return [nodeEdit('off-by-one', plausibility, expr, `${operand} + 1`), nodeEdit('off-by-one', plausibility, expr, `${operand} - 1`)];
}

function isIndexPosition(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'slice') return true;
  if (parent.type === 'subscript') return parent.childrenForFieldName('subscript').some((s) => s.id === node.id);
  return parent.type === 'argument_list' && isRangeCall(parent.parent);
}

function isRangeCall(node: Node | null): boolean {
  return node?.type === 'call' && node.childForFieldName('function')?.text === 'range';
}

function literalEdits(node: Node, value: number): Edit[] {
  const parent = node.parent;
  const kind = isIndexPosition(node) ? 'off-by-one' : 'literal-off-by-one';
  // `x - 1` -> `x - 0` is `x`, which the bound rule proposes in its plain form.
  const parentOp = parent?.type === 'binary_operator' ? parent.childForFieldName('operator')?.text : undefined;
  const rightOfAdditive = (parentOp === '+' || parentOp === '-') && parent?.childForFieldName('right')?.id === node.id;
  const edits: Edit[] = [];
  for (const next of [value + 1, value - 1]) {
    if (next <= 0 && rightOfAdditive) continue;
    edits.push(nodeEdit(kind, 1, node, String(next)));
  }
  return edits;
}

/** Slice bound children (start and stop; the step is not a bound). */
function sliceBounds(slice: Node): Node[] {
  const bounds: Node[] = [];
  let colons = 0;
  for (const child of slice.children) {
    if (!child) continue;
    if (child.type === ':') colons++;
    else if (child.isNamed && colons < 2) bounds.push(child);
  }
  return bounds;
}

export function offByOneEdits(ctx: EditContext): Edit[] {
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    const value = integerValue(node);
    // Inside a unary minus the whole `-n` is the literal.
    if (value !== null && !(node.type === 'integer' && node.parent && integerValue(node.parent) !== null)) {
      edits.push(...literalEdits(node, value));
    }
    if (node.type === 'subscript') {
      for (const index of node.childrenForFieldName('subscript')) {
        if (index.type === 'slice') {
          for (const bound of sliceBounds(index)) edits.push(...boundEdits(bound, ctx.scope));
        } else if (index.type !== 'string' && index.type !== 'tuple') {
          edits.push(...boundEdits(index, ctx.scope));
        }
      }
    } else if (isRangeCall(node)) {
      for (const argument of node.childForFieldName('arguments')?.namedChildren ?? []) {
        if (argument && argument.type !== 'keyword_argument') edits.push(...boundEdits(argument, ctx.scope));
      }
    }
  }
  return edits;
}
