import type { Node } from '../../syntax/parser';
import { asOperand, lineOf, nodeEdit, type Edit, type EditContext } from './edit';
import { namesIn, nearestNames, occurrenceLines } from './nearby';
import type { Scope, ValueKind } from '../../syntax/scope';
import { expressionKind, nameKind, takesCollection } from './value-kind';

// An expression that is almost right: off by one where off-by-one.ts does not look (operands,
// call arguments, return values), off by another quantity in scope (i + lo, n - k), the length
// of a collection instead of a count, the wrong sign, or a collection missing its first or
// last element or its order.

// Alternatives per site beyond which the rest are not worth their validation time.
const MAX_PER_SITE = 8;
// Quantities tried per site for `+ name` / `- name`, and collections for `len(x)`.
const MAX_NAMES = 2;

// Where the expression sits. Index, range and slice positions get their ±1 from off-by-one.ts.
type Position = 'factor' | 'argument' | 'index' | 'range' | 'return' | 'iterable';

const MULTIPLICATIVE = new Set(['*', '/', '//', '%', '**']);

function positionOf(node: Node): Position | null {
  const parent = node.parent;
  if (!parent) return null;
  switch (parent.type) {
    case 'binary_operator':
      // An operand of + or - shifted equals the whole sum shifted: only factors are their own site.
      return MULTIPLICATIVE.has(parent.childForFieldName('operator')?.text ?? '') ? 'factor' : null;
    case 'argument_list':
      return parent.parent?.childForFieldName('function')?.text === 'range' ? 'range' : 'argument';
    case 'slice':
      return 'index';
    case 'subscript':
      return parent.childrenForFieldName('subscript').some((s) => s.id === node.id) ? 'index' : null;
    case 'return_statement':
      return 'return';
    case 'for_statement':
    case 'for_in_clause':
      return parent.childForFieldName('right')?.id === node.id ? 'iterable' : null;
    default:
      return null;
  }
}

const LITERALS = new Set(['integer', 'float', 'string', 'true', 'false', 'none', 'concatenated_string']);
// Positions holding these are not expressions to tweak (f(k=v), xs[a:b], f(*args)).
const NOT_SITES = new Set(['keyword_argument', 'slice', 'comment', 'list_splat', 'dictionary_splat', 'tuple', 'expression_list']);

/** Text of `node` as the left operand of `+` or `-`: arithmetic binds at least as tightly. */
function additiveOperand(node: Node): string {
  const op = node.type === 'binary_operator' ? node.childForFieldName('operator')?.text : undefined;
  return op && (op === '+' || op === '-' || MULTIPLICATIVE.has(op)) ? node.text : asOperand(node);
}

function withoutParentheses(node: Node): Node {
  return node.type === 'parenthesized_expression' && node.namedChildren[0] ? withoutParentheses(node.namedChildren[0]) : node;
}

/** `x + 1` / `x - 1` -> `x`, and otherwise `e + 1`, `e - 1`, where off-by-one.ts does not. */
function shiftByOne(node: Node, position: Position): Edit[] {
  if (position === 'index' || position === 'range' || position === 'iterable' || node.type === 'integer') return [];
  const inner = withoutParentheses(node);
  const op = inner.type === 'binary_operator' ? inner.childForFieldName('operator')?.text : undefined;
  const left = inner.childForFieldName('left');
  if ((op === '+' || op === '-') && left && inner.childForFieldName('right')?.text === '1') {
    return [nodeEdit('expression-tweak', 1, node, position === 'factor' ? asOperand(left) : left.text)];
  }
  const text = position === 'factor' ? `(${node.text} + 1)` : `${additiveOperand(node)} + 1`;
  const down = position === 'factor' ? `(${node.text} - 1)` : `${additiveOperand(node)} - 1`;
  return [nodeEdit('expression-tweak', 0.8, node, text), nodeEdit('expression-tweak', 0.8, node, down)];
}

interface Nearby {
  numbers: string[];
  collections: string[];
}

/** `i` -> `i + lo`, `n` -> `n - k` with quantities used near the site. */
function shiftByName(node: Node, position: Position, nearby: Nearby): Edit[] {
  if (position === 'iterable' || LITERALS.has(node.type)) return [];
  const used = namesIn(node);
  const edits: Edit[] = [];
  for (const name of nearby.numbers.filter((n) => !used.has(n)).slice(0, MAX_NAMES)) {
    for (const op of ['+', '-']) {
      const text = position === 'factor' ? `(${node.text} ${op} ${name})` : `${additiveOperand(node)} ${op} ${name}`;
      edits.push(nodeEdit('expression-tweak', 0.5, node, text));
    }
  }
  return edits;
}

/** A count or bound that should have been the length of a collection. */
function lengthOf(node: Node, position: Position, nearby: Nearby, scope: Scope): Edit[] {
  if (position === 'iterable' || (node.type !== 'identifier' && node.type !== 'integer')) return [];
  if (node.type === 'identifier' && nameKind(node.text, scope) !== 'number') return [];
  // x * 2 -> x * len(xs) is noise: a literal is a length only as a bound or a result.
  if (node.type === 'integer' && position !== 'range' && position !== 'index' && position !== 'return') return [];
  // xs[len(xs)] is always out of range.
  const container = position === 'index' ? subscriptValue(node)?.text : undefined;
  return nearby.collections
    .filter((c) => c !== container)
    .slice(0, MAX_NAMES)
    .map((c) => nodeEdit('expression-tweak', 0.6, node, `len(${c})`));
}

function subscriptValue(node: Node): Node | null {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'subscript') return p.childForFieldName('value');
  return null;
}

/** `-x` -> `x`, and `x` -> `-x` for a number handed on or multiplied. */
function signEdits(node: Node, position: Position, kind: ValueKind | null): Edit[] {
  if (node.type === 'unary_operator' && node.childForFieldName('operator')?.text === '-') {
    const argument = node.childForFieldName('argument');
    // `-1` and friends are literals: off-by-one.ts moves them.
    return argument && argument.type !== 'integer' ? [nodeEdit('expression-tweak', 0.7, node, argument.text)] : [];
  }
  if (position === 'index' || position === 'iterable' || kind !== 'number' || LITERALS.has(node.type)) return [];
  const operand = node.type === 'binary_operator' ? `(${node.text})` : asOperand(node);
  return [nodeEdit('expression-tweak', 0.4, node, `-${operand}`)];
}

/** A collection passed on or iterated without its first element, its last, or its order. */
function sliceEdits(node: Node, position: Position, scope: Scope): Edit[] {
  if (position !== 'argument' && position !== 'iterable') return [];
  if (node.type !== 'identifier' && node.type !== 'attribute') return [];
  if (position === 'argument' && expressionKind(node, scope) !== 'collection' && !takesCollection(node)) return [];
  const edits = [nodeEdit('expression-tweak', 0.5, node, `${node.text}[1:]`), nodeEdit('expression-tweak', 0.5, node, `${node.text}[:-1]`)];
  // Iterating reversed(x) is wrapping.ts's reversed-iteration.
  if (position === 'argument') edits.push(nodeEdit('expression-tweak', 0.4, node, `${node.text}[::-1]`));
  return edits;
}

function siteEdits(node: Node, position: Position, ctx: EditContext, nearby: Nearby): Edit[] {
  const kind = expressionKind(node, ctx.scope);
  const edits = [...signEdits(node, position, kind), ...sliceEdits(node, position, ctx.scope)];
  // Indices and range bounds are numbers whatever the names in them say.
  const numeric = kind === 'number' || ((position === 'index' || position === 'range') && kind === null && !LITERALS.has(node.type));
  if (numeric || node.type === 'integer') {
    edits.push(...shiftByOne(node, position), ...shiftByName(node, position, nearby), ...lengthOf(node, position, nearby, ctx.scope));
  }
  return edits.sort((a, b) => b.plausibility - a.plausibility).slice(0, MAX_PER_SITE);
}

export function expressionEdits(ctx: EditContext): Edit[] {
  const occurrences = occurrenceLines(ctx.owner);
  const { scope } = ctx;
  const pool = [...new Set([...scope.params, ...scope.locals, ...scope.values])].filter((n) => n !== scope.receiver);
  const numbers = pool.filter((n) => nameKind(n, scope) === 'number');
  const collections = pool.filter((n) => scope.kindOf(n) === 'collection');
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    const position = positionOf(node);
    if (!position || NOT_SITES.has(node.type)) continue;
    const line = lineOf(node);
    const nearby = {
      numbers: nearestNames(numbers, occurrences, line, MAX_NAMES + 2),
      collections: nearestNames(collections, occurrences, line, MAX_NAMES + 1),
    };
    edits.push(...siteEdits(node, position, ctx, nearby));
  }
  return edits;
}
