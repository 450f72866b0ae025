import type { Node } from '../../syntax/parser';
import { descendants } from './tree';

// A predicate (every return a truth value: a comparison, a negation, True or False, those joined
// by `and`/`or`) that the patch makes return something else: `return None` or an input returned
// early passes a test that only asks for a falsy or truthy answer, and is no answer to the
// question the function asks (`truthy("1")` returning "1").

/** Calls whose value is a truth value. */
const PREDICATE_CALLS = new Set(['bool', 'isinstance', 'issubclass', 'callable', 'hasattr', 'any', 'all']);

export function nonTruthReturns(before: Node, after: Node): string[] {
  const was = returnedValues(before);
  if (was.length === 0 || !was.every(isTruthValue)) return [];
  const had = new Set(was.map((value) => value.text));
  const added = returnedValues(after).filter((value) => !had.has(value.text) && !isTruthValue(value));
  return [...new Set(added.map((value) => value.text))].map((text) => `returns \`${text}\` where the function returns truth values`);
}

/** The values the function's own return statements give (a bare `return` gives None). */
function returnedValues(definition: Node): Node[] {
  const body = definition.childForFieldName('body');
  if (!body) return [];
  return descendants(body)
    .filter((node) => node.type === 'return_statement' && ownReturn(node, definition))
    .map((node) => node.namedChildren[0] ?? node);
}

/** Whether the return belongs to the function itself, not to a function or lambda inside it. */
function ownReturn(node: Node, definition: Node): boolean {
  for (let up = node.parent; up && up.id !== definition.id; up = up.parent) if (up.type === 'function_definition') return false;
  return true;
}

function isTruthValue(node: Node): boolean {
  switch (node.type) {
    case 'comparison_operator':
    case 'not_operator':
    case 'true':
    case 'false':
      return true;
    case 'boolean_operator':
    case 'parenthesized_expression':
      return node.namedChildren.every((child) => !child || isTruthValue(child));
    case 'call': {
      const callee = node.childForFieldName('function');
      return callee?.type === 'identifier' && PREDICATE_CALLS.has(callee.text);
    }
    default:
      return false;
  }
}
