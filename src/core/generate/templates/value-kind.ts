import type { Node } from '../../syntax/parser';
import type { Scope, ValueKind } from '../../syntax/scope';

// What an expression holds, judged from its shape and the names in it: whether a number-only
// edit (+ 1, abs, -x) or a collection-only edit (len, sorted, a slice) makes sense on it.

const NUMBER_CALLS = new Set(['len', 'abs', 'int', 'sum', 'round', 'ord', 'float', 'pow', 'divmod']);
const COLLECTION_CALLS = new Set(['sorted', 'list', 'set', 'reversed', 'tuple', 'dict', 'zip', 'enumerate', 'map', 'filter']);
const COLLECTION_NODES = new Set([
  'list',
  'tuple',
  'dictionary',
  'set',
  'list_comprehension',
  'dictionary_comprehension',
  'set_comprehension',
  'generator_expression',
]);
const ARITHMETIC = new Set(['+', '-', '*', '/', '//', '%', '**']);

// Names people give counts, bounds and positions: numbers even before the code shows it (an
// unused `start` parameter is exactly what a missing `+ start` leaves behind).
const NUMERIC_NAME =
  /^(?:[ijkmn]|lo|hi|low|high|mid|start|end|stop|step|offset|size|count|length|width|height|idx|index|num|total|limit|depth|level|pos|shift|delta|amount|capacity)$|_(?:count|size|len|idx|index|num|offset)$|^(?:num|n)_/;

// Builtins whose arguments are collections whatever their names say (max and min: alone).
const COLLECTION_TAKERS = new Set([
  'zip',
  'list',
  'tuple',
  'set',
  'sorted',
  'reversed',
  'enumerate',
  'sum',
  'len',
  'any',
  'all',
  'map',
  'filter',
]);

/** Whether a call argument is passed to a builtin that takes collections. */
export function takesCollection(argument: Node): boolean {
  const list = argument.parent;
  const callee = list?.type === 'argument_list' ? (list.parent?.childForFieldName('function')?.text ?? '') : '';
  const alone = list?.namedChildCount === 1;
  return COLLECTION_TAKERS.has(callee) || ((callee === 'max' || callee === 'min') && alone);
}

/** A name's kind as the scope inferred it, else as its spelling suggests. */
export function nameKind(name: string, scope: Scope): ValueKind | null {
  return scope.kindOf(name) ?? (NUMERIC_NAME.test(name) ? 'number' : null);
}

export function expressionKind(node: Node, scope: Scope): ValueKind | null {
  switch (node.type) {
    case 'integer':
    case 'float':
      return 'number';
    case 'identifier':
      return nameKind(node.text, scope);
    case 'parenthesized_expression':
      return node.namedChildren[0] ? expressionKind(node.namedChildren[0], scope) : null;
    case 'unary_operator': {
      const argument = node.childForFieldName('argument');
      return argument ? expressionKind(argument, scope) : null;
    }
    case 'binary_operator': {
      if (!ARITHMETIC.has(node.childForFieldName('operator')?.text ?? '')) return null;
      const sides = [node.childForFieldName('left'), node.childForFieldName('right')].map((s) => (s ? expressionKind(s, scope) : null));
      // [0] * n and xs + ys are collections; everything else arithmetic is a number.
      if (sides.includes('collection')) return 'collection';
      return sides.includes('number') ? 'number' : null;
    }
    case 'call': {
      const callee = node.childForFieldName('function')?.text ?? '';
      if (NUMBER_CALLS.has(callee)) return 'number';
      return COLLECTION_CALLS.has(callee) ? 'collection' : null;
    }
    case 'subscript':
      return node.childrenForFieldName('subscript').some((s) => s.type === 'slice') ? 'collection' : null;
    default:
      return COLLECTION_NODES.has(node.type) ? 'collection' : null;
  }
}
