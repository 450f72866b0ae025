import type { Node } from '../syntax/parser';
import { constantsIn, functionNode, sitesIn, type ExpressionSite } from './sites';
import type { Constant } from './synthesize';
import type { Suspect } from '../types';

// The values worth a value probe (value-probe.ts): on a ranked line of a suspect function's
// body (the best-scored lines first), a returned value first, then the right side of an
// assignment, then a call's argument, then an index or slice bound, then an operand of an
// arithmetic operator; with what the variants use (the names the function binds, its literals,
// the module's functions, and what a `sorted`, `min` or `max` call sorts). Literals are left out (a variant of a literal is another literal), and
// so is what a lambda cannot hold or reads otherwise (`yield`, `await`, `:=`, `super()`).

export type ValueSiteKind = 'return' | 'assignment' | 'argument' | 'index' | 'operand';

export interface ValueSite extends ExpressionSite {
  kind: ValueSiteKind;
  /** Reads as one operand: needs no parentheses before `.method()` or beside an operator. */
  primary: boolean;
  /** The function's parameters (but `self`, `cls`) and the names it assigns, at most MAX_SCOPE. */
  scope: string[];
  constants: Constant[];
  /** The module's functions of one parameter or more (but the suspect): helpers a value may go through. */
  helpers: string[];
  /** The site is `sorted(x)`, `min(x)` or `max(x)`: the function and its one argument, for a key. */
  ordering?: { callee: string; argument: string };
}

const KINDS: readonly ValueSiteKind[] = ['return', 'assignment', 'argument', 'index', 'operand'];
const ORDERING = ['sorted', 'min', 'max'];
const PRIMARY = new Set([
  'identifier',
  'attribute',
  'call',
  'subscript',
  'list',
  'dictionary',
  'set',
  'tuple',
  'parenthesized_expression',
  'list_comprehension',
  'dictionary_comprehension',
  'set_comprehension',
  'generator_expression',
]);
const LITERALS = new Set(['string', 'concatenated_string', 'integer', 'float', 'true', 'false', 'none']);
const NOT_IN_LAMBDA = ['yield', 'await', 'named_expression'];
const MAX_SCOPE = 8;
const MAX_HELPERS = 8;

/** Up to `max` value sites on the suspects' ranked lines: by suspect, then kind (as listed), then line score. */
export function valueSites(
  suspects: readonly Suspect[],
  readSource: (file: string) => Promise<string | null>,
  max: number,
): Promise<ValueSite[]> {
  return sitesIn(suspects, readSource, max, ({ suspect, source, region, root, scores, inside }) => {
    const found: { site: ValueSite; order: number }[] = [];
    for (const [expression, kind] of valueExpressions(root)) {
      const line = expression.startPosition.row + 1;
      const fn = functionNode(expression);
      const body = fn?.childForFieldName('body');
      if (!body || !inside(expression) || !scores.has(line) || !probeable(expression)) continue;
      if (expression.startIndex < body.startIndex) continue;
      const site: ValueSite = {
        suspect,
        source,
        start: expression.startIndex,
        end: expression.endIndex,
        text: expression.text,
        line,
        region,
        kind,
        primary: PRIMARY.has(expression.type),
        scope: scopeOf(fn!).filter((name) => name !== expression.text),
        constants: constantsIn(fn),
        helpers: helpersIn(root, suspect.function),
        ...orderingOf(expression),
      };
      found.push({ site, order: KINDS.indexOf(kind) });
    }
    return found;
  });
}

function* valueExpressions(root: Node): Generator<[Node, ValueSiteKind]> {
  const field = (node: Node | null, name: string): Node | null => node?.childForFieldName(name) ?? null;
  const holders = ['return_statement', 'assignment', 'augmented_assignment', 'argument_list', 'subscript', 'slice', 'binary_operator'];
  for (const node of root.descendantsOfType(holders)) {
    if (!node) continue;
    if (node.type === 'return_statement' && node.firstNamedChild) yield [node.firstNamedChild, 'return'];
    else if (node.type === 'assignment' || node.type === 'augmented_assignment') {
      const right = field(node, 'right');
      if (right) yield [right, 'assignment'];
    } else if (node.type === 'argument_list') {
      for (const argument of node.namedChildren) {
        const value = argument?.type === 'keyword_argument' ? field(argument, 'value') : argument;
        if (value) yield [value, 'argument'];
      }
    } else if (node.type === 'subscript') {
      const index = field(node, 'subscript');
      if (index && index.type !== 'slice') yield [index, 'index'];
    } else if (node.type === 'slice') {
      for (const bound of node.namedChildren) if (bound) yield [bound, 'index'];
    } else {
      for (const side of [field(node, 'left'), field(node, 'right')]) if (side) yield [side, 'operand'];
    }
  }
}

function probeable(expression: Node): boolean {
  if (LITERALS.has(expression.type) || expression.type.endsWith('_list') || expression.type.includes('splat')) return false;
  if (['assignment', 'augmented_assignment', 'yield', 'keyword_argument', 'expression_list'].includes(expression.type)) return false;
  return expression.descendantsOfType(NOT_IN_LAMBDA).length === 0 && !/\bsuper\(/.test(expression.text);
}

/** The parameters' names and the names assigned in the function, in order of first appearance. */
function scopeOf(fn: Node): string[] {
  const names: string[] = [];
  const add = (node: Node | null | undefined): void => {
    const name = node?.type === 'identifier' ? node.text : node?.descendantsOfType('identifier')[0]?.text;
    if (name && name !== 'self' && name !== 'cls' && !names.includes(name)) names.push(name);
  };
  for (const parameter of fn.childForFieldName('parameters')?.namedChildren ?? []) add(parameter);
  for (const target of fn.descendantsOfType(['assignment', 'augmented_assignment', 'for_statement'])) {
    const left = target?.childForFieldName('left');
    if (left?.type === 'identifier') add(left);
    else for (const id of left?.descendantsOfType('identifier') ?? []) if (id?.parent?.type !== 'attribute') add(id);
  }
  return names.slice(0, MAX_SCOPE);
}

/** The names of the module's top-level functions that take a parameter, but `exclude`. */
function helpersIn(root: Node, exclude: string): string[] {
  const names: string[] = [];
  for (const child of root.namedChildren) {
    const fn = child?.type === 'decorated_definition' ? child.childForFieldName('definition') : child;
    if (fn?.type !== 'function_definition') continue;
    const name = fn.childForFieldName('name')?.text;
    const takes = (fn.childForFieldName('parameters')?.namedChildCount ?? 0) > 0;
    if (name && takes && name !== exclude && !name.startsWith('test')) names.push(name);
  }
  return names.slice(0, MAX_HELPERS);
}

function orderingOf(expression: Node): Pick<ValueSite, 'ordering'> {
  const callee = expression.type === 'call' ? expression.childForFieldName('function') : null;
  const args = expression.childForFieldName('arguments');
  const [argument] = args?.namedChildren ?? [];
  if (!callee || !ORDERING.includes(callee.text) || args?.namedChildCount !== 1 || !argument) return {};
  if (argument.type === 'keyword_argument' || argument.type.includes('splat')) return {};
  return { ordering: { callee: callee.text, argument: argument.text } };
}
