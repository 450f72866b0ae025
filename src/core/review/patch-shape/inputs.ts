import { identifierRole } from '../../syntax/scope';
import type { Node } from '../../syntax/parser';
import { descendants, parameterNames } from './tree';

// A parameter or loop variable the function read before and no longer reads: the patch routed
// around the input instead of fixing its use. A comparison with a literal the function did not
// compare with before (other than the everyday ones, and those its docstring or comments state,
// which are its specification): it special-cases a test's value.

const EVERYDAY_LITERALS = new Set(['0', '0.0', '1', '1.0', '-1', '""', "''", 'None', 'True', 'False']);

export function unusedInputs(before: Node, after: Node): string[] {
  const [was, is] = [inputsOf(before), inputsOf(after)];
  const dropped = [...was].filter(([name, read]) => read && is.get(name) === false).map(([name]) => `\`${name}\``);
  return dropped.length > 0 ? [`leaves ${dropped.join(', ')} unused`] : [];
}

export function specialCases(before: Node, after: Node): string[] {
  const was = literalComparisons(before);
  const stated = statedText(before);
  const special = [...literalComparisons(after)].filter((literal) => !was.has(literal) && !isStated(literal, stated));
  return special.length > 0 ? [`special-cases ${special.join(', ')}`] : [];
}

/** The function's docstring and comments, as they stood before the patch: its own statement of what it does. */
function statedText(definition: Node): string {
  const first = definition.childForFieldName('body')?.namedChildren[0];
  const docstring = first?.type === 'expression_statement' && first.namedChildren[0]?.type === 'string' ? [first.text] : [];
  const comments = descendants(definition)
    .filter((node) => node.type === 'comment')
    .map((node) => node.text);
  return [...docstring, ...comments].join('\n');
}

/**
 * Whether the text states the literal: its content set apart (a token of its own, quoted, or
 * between spaces and punctuation), or a string of letters each listed on its own ("a, e, i, o,
 * u" states "aeiou"). A letter inside a word states nothing.
 */
function isStated(literal: string, text: string): boolean {
  const content = literal.replace(/^[rbuf]*(['"])(.*)\1$/is, '$2');
  if (content === '') return false;
  const escaped = content.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`(^|[^\\w.])${escaped}($|[^\\w])`).test(text)) return true;
  const letters = new Set(text.match(/\b\w\b/g) ?? []);
  return content.length > 1 && /^[a-z]+$/i.test(content) && [...content].every((letter) => letters.has(letter));
}

/** Parameters and loop variables, and whether the function reads each. */
function inputsOf(definition: Node): Map<string, boolean> {
  const inputs = new Map(parameterNames(definition).map((name) => [name, false]));
  for (const node of bodyNodes(definition)) {
    if (node.type === 'for_statement') {
      const target = node.childForFieldName('left');
      if (target?.type === 'identifier' && !inputs.has(target.text)) inputs.set(target.text, false);
    } else if (node.type === 'identifier' && identifierRole(node) === 'value' && inputs.has(node.text)) {
      inputs.set(node.text, true);
    }
  }
  return inputs;
}

function literalComparisons(definition: Node): Set<string> {
  const literals = new Set<string>();
  for (const node of bodyNodes(definition)) {
    if (node.type !== 'comparison_operator') continue;
    for (const side of node.namedChildren) if (side && isLiteral(side) && !EVERYDAY_LITERALS.has(side.text)) literals.add(side.text);
  }
  return literals;
}

function bodyNodes(definition: Node): Node[] {
  const body = definition.childForFieldName('body');
  return body ? descendants(body) : [];
}

function isLiteral(node: Node): boolean {
  return (
    ['integer', 'float', 'string', 'true', 'false', 'none'].includes(node.type) ||
    (node.type === 'unary_operator' && isLiteral(node.namedChildren[0]!))
  );
}
