import type { Node } from '../../syntax/parser';
import { asOperand, nodeEdit, styleOf, type Edit, type EditContext } from './edit';
import { identifierRole, ownParameterNames, enclosingClass, enclosingFunction } from '../../syntax/scope';

// A missing call around a value (quicksort(larger) written as larger, reversed(digits) as
// digits) and a loop running the wrong way round (range(a, b) where range(b - 1, a - 1, -1)
// was meant).

// Where a bare name is a value the function hands on: returned, combined, passed, assigned.
const VALUE_PARENTS = new Set(['return_statement', 'binary_operator', 'argument_list', 'expression_list', 'assignment']);
// A forgotten recursive call is on a value being returned or combined: f(a) + f(b).
const RECURSION_PARENTS = new Set(['return_statement', 'binary_operator', 'expression_list']);

function isSelfRecursive(fn: Node): string | null {
  if (fn.type !== 'function_definition' || enclosingClass(fn)) return null;
  const name = fn.childForFieldName('name')?.text;
  return name && ownParameterNames(fn).length === 1 ? name : null;
}

function missingCalls(ctx: EditContext): Edit[] {
  const recursive = isSelfRecursive(ctx.owner);
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    if (node.type !== 'identifier' || identifierRole(node) !== 'value') continue;
    const ownCode = enclosingFunction(node)?.id === ctx.owner.id;
    const parent = node.parent;
    if (!parent || !VALUE_PARENTS.has(parent.type)) continue;
    if (parent.type === 'assignment' && parent.childForFieldName('right')?.id !== node.id) continue;
    if (styleOf(node.text) === 'constant') continue;
    if (recursive && ownCode && node.text !== recursive && RECURSION_PARENTS.has(parent.type)) {
      edits.push(nodeEdit('missing-call', 1, node, `${recursive}(${node.text})`));
    }
    if (ctx.scope.kindOf(node.text) !== 'number') {
      edits.push(nodeEdit('missing-call', 0.6, node, `reversed(${node.text})`));
      edits.push(nodeEdit('missing-call', 0.6, node, `sorted(${node.text})`));
    }
  }
  return edits;
}

/** `x - 1` written simply: `n + 1` gives `n`, a literal gives the literal minus one. */
function minusOne(node: Node): string {
  return shiftByOne(node, -1);
}

function plusOne(node: Node): string {
  return shiftByOne(node, 1);
}

function shiftByOne(node: Node, by: 1 | -1): string {
  if (node.type === 'integer' && /^\d+$/.test(node.text)) return String(Number(node.text) + by);
  if (node.type === 'binary_operator') {
    const op = node.childForFieldName('operator')?.text;
    const right = node.childForFieldName('right');
    const left = node.childForFieldName('left');
    const undoes = (by === -1 && op === '+') || (by === 1 && op === '-');
    if (undoes && right?.text === '1' && left) return left.text;
  }
  return `${asOperand(node)} ${by === 1 ? '+' : '-'} 1`;
}

function reversedRange(call: Node): Edit | null {
  const args = (call.childForFieldName('arguments')?.namedChildren ?? []).filter((a): a is Node => !!a);
  if (args.some((a) => a.type === 'keyword_argument' || a.type.endsWith('splat'))) return null;
  const list = call.childForFieldName('arguments');
  if (!list) return null;
  let replacement: string;
  if (args.length === 1) replacement = `(${minusOne(args[0]!)}, -1, -1)`;
  else if (args.length === 2) replacement = `(${minusOne(args[1]!)}, ${minusOne(args[0]!)}, -1)`;
  else if (args.length === 3 && args[2]!.text === '-1') replacement = `(${plusOne(args[1]!)}, ${plusOne(args[0]!)})`;
  else return null;
  return nodeEdit('reversed-iteration', 1, list, replacement);
}

function reversedLoops(ctx: EditContext): Edit[] {
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    if (node.type !== 'for_statement') continue;
    const iterable = node.childForFieldName('right');
    if (!iterable) continue;
    const callee = iterable.type === 'call' ? iterable.childForFieldName('function')?.text : undefined;
    if (callee === 'range') {
      const edit = reversedRange(iterable);
      if (edit) edits.push(edit);
    } else if (callee === 'reversed') {
      const inner = iterable.childForFieldName('arguments')?.namedChildren[0];
      if (inner) edits.push(nodeEdit('reversed-iteration', 1, iterable, inner.text));
    } else {
      edits.push(nodeEdit('reversed-iteration', 0.6, iterable, `reversed(${iterable.text})`));
    }
  }
  return edits;
}

export function wrappingEdits(ctx: EditContext): Edit[] {
  return [...missingCalls(ctx), ...reversedLoops(ctx)];
}
