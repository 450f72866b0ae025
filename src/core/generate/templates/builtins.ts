import type { Node } from '../../syntax/parser';
import { calleeName, describeChange, lineOf, nodeEdit, styleOf, type Edit, type EditContext } from './edit';
import { namesIn, nearestNames, occurrenceLines } from './nearby';
import { identifierRole, type Scope, type ValueKind } from '../../syntax/scope';
import { expressionKind, nameKind, takesCollection } from './value-kind';

// A value missing the builtin call around it (len(xs) written xs, max(n, 0) written n), or
// carrying one it should not (len(xs) where xs was meant). Only builtins the code around
// already uses are tried: a function that never calls abs is unlikely to have lost one.

// Alternatives per site beyond which the rest are not worth their validation time.
const MAX_PER_SITE = 6;
// Bounds tried per site in max(x, name) / min(x, name).
const MAX_BOUNDS = 2;
// Arguments tried when unwrapping a call.
const MAX_UNWRAPPED = 3;

/** The builtins worth wrapping a value in, and the kind of value each takes. */
const WRAPPERS: Record<string, ValueKind | 'any'> = {
  max: 'any',
  min: 'any',
  abs: 'number',
  int: 'number',
  str: 'any',
  len: 'collection',
  sorted: 'collection',
  list: 'collection',
  set: 'collection',
  sum: 'collection',
};

/** Builtins whose result can stand for one of their arguments. */
const UNWRAPPABLE = new Set([
  'max',
  'min',
  'abs',
  'int',
  'float',
  'round',
  'len',
  'sorted',
  'list',
  'tuple',
  'set',
  'sum',
  'str',
  'reversed',
  'bool',
]);

const WRAPPABLE_NODES = new Set(['identifier', 'call', 'subscript', 'binary_operator', 'attribute']);
const ARITHMETIC = /^(?:[-+*%]|\/\/?|\*\*)$/;

/** Whether a value sits where it is returned, passed, assigned or compared. */
function isValuePosition(node: Node): boolean {
  const parent = node.parent;
  switch (parent?.type) {
    case 'return_statement':
    case 'argument_list':
    case 'comparison_operator':
      return true;
    case 'assignment':
    case 'augmented_assignment':
      return parent.childForFieldName('right')?.id === node.id;
    default:
      return false;
  }
}

function wrappable(node: Node): boolean {
  if (!WRAPPABLE_NODES.has(node.type) || !isValuePosition(node)) return false;
  if (node.type === 'identifier') return identifierRole(node) === 'value' && styleOf(node.text) !== 'constant';
  if (node.type === 'binary_operator') return ARITHMETIC.test(node.childForFieldName('operator')?.text ?? '');
  return true;
}

/** Builtins called in the function (weight 1) or elsewhere in the file (weight 0.5). */
function builtinsInUse(ctx: EditContext): Map<string, number> {
  const root = rootOf(ctx.owner);
  const used = new Map<string, number>();
  for (const [scope, weight] of [
    [root, 0.5],
    [ctx.owner, 1],
  ] as const) {
    for (const call of scope.descendantsOfType('call')) {
      const name = calleeName(call);
      if (name && name in WRAPPERS) used.set(name, weight);
    }
  }
  return used;
}

function rootOf(node: Node): Node {
  let root = node;
  while (root.parent) root = root.parent;
  return root;
}

// wrapping.ts already proposes sorted(name) for a name handed on as a value.
const WRAPPING_PARENTS = new Set(['return_statement', 'argument_list', 'assignment']);

function wrapEdits(node: Node, ctx: EditContext, used: Map<string, number>, bounds: string[]): Edit[] {
  const kind = expressionKind(node, ctx.scope) ?? (takesCollection(node) ? 'collection' : null);
  const inside = calleeName(node.parent?.parent ?? null);
  const edits: Edit[] = [];
  for (const [builtin, weight] of used) {
    const takes = WRAPPERS[builtin]!;
    if (builtin === calleeName(node) || builtin === inside) continue; // len(len(x)), max(max(a), b)
    if (takes !== 'any' && kind !== null && takes !== kind) continue;
    if (builtin === 'sorted' && node.type === 'identifier' && WRAPPING_PARENTS.has(node.parent?.type ?? '') && kind !== 'number') continue;
    const fit = kind === null ? 0.5 : 1;
    if ((builtin === 'max' || builtin === 'min') && kind !== 'collection') {
      // A number clamped: max(x, 0), min(x, limit).
      edits.push(nodeEdit('wrap-builtin', weight * fit * 0.8, node, `${builtin}(${node.text}, 0)`));
      if (kind === 'number')
        for (const bound of bounds) edits.push(nodeEdit('wrap-builtin', weight * 0.6, node, `${builtin}(${node.text}, ${bound})`));
      continue;
    }
    edits.push(nodeEdit('wrap-builtin', weight * fit, node, `${builtin}(${node.text})`));
  }
  return edits.sort((a, b) => b.plausibility - a.plausibility).slice(0, MAX_PER_SITE);
}

/** Same-file functions defined at the top level: unwrapping their call is as plausible as a builtin's. */
function fileFunctions(root: Node): Set<string> {
  const names = new Set<string>();
  for (const child of root.namedChildren) {
    const fn = child?.type === 'decorated_definition' ? child.childForFieldName('definition') : child;
    const name = fn?.type === 'function_definition' ? fn.childForFieldName('name')?.text : undefined;
    if (name) names.add(name);
  }
  return names;
}

function unwrapEdits(call: Node, functions: Set<string>): Edit[] {
  const name = calleeName(call);
  if (!name || (!UNWRAPPABLE.has(name) && !functions.has(name))) return [];
  if (call.parent?.type === 'expression_statement') return []; // f(x) alone: x alone does nothing
  const iterated = call.parent?.type === 'for_statement' || call.parent?.type === 'for_in_clause';
  if (name === 'reversed' && iterated) return []; // wrapping.ts's reversed-iteration
  const args = (call.childForFieldName('arguments')?.namedChildren ?? []).filter(
    (a): a is Node =>
      !!a && a.type !== 'keyword_argument' && a.type !== 'comment' && !a.type.endsWith('splat') && a.type !== 'generator_expression',
  );
  const plausibility = args.length === 1 ? 1 : 0.6;
  return args.slice(0, MAX_UNWRAPPED).map((arg) => {
    const edit = nodeEdit('unwrap-call', plausibility, call, arg.text);
    return { ...edit, summary: describeChange(lineOf(call), call.text, arg.text) };
  });
}

function boundsNear(node: Node, scope: Scope, occurrences: Map<string, number[]>): string[] {
  const used = namesIn(node);
  const numbers = [...scope.params, ...scope.locals, ...scope.values].filter((n) => nameKind(n, scope) === 'number' && !used.has(n));
  return nearestNames(numbers, occurrences, lineOf(node), MAX_BOUNDS);
}

export function builtinEdits(ctx: EditContext): Edit[] {
  const used = builtinsInUse(ctx);
  const functions = fileFunctions(rootOf(ctx.owner));
  const occurrences = occurrenceLines(ctx.owner);
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    if (wrappable(node)) edits.push(...wrapEdits(node, ctx, used, boundsNear(node, ctx.scope, occurrences)));
    if (node.type === 'call') edits.push(...unwrapEdits(node, functions));
  }
  return edits;
}
