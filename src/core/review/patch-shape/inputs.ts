import { identifierRole } from '../../syntax/scope';
import type { Node } from '../../syntax/parser';
import { descendants, parameterNames } from './tree';

// A parameter or loop variable the function read before and no longer reads: the patch routed
// around the input instead of fixing its use. A comparison with a literal the function did not
// compare with before (other than the everyday ones, and those its docstring or comments state,
// which are its specification): it special-cases a test's value.

const EVERYDAY_LITERALS = new Set(['0', '1', '-1', '""', "''", 'None', 'True', 'False']);

export function unusedInputs(before: Node, after: Node): string[] {
  const [was, is] = [inputsOf(before), inputsOf(after)];
  const dropped = [...was].filter(([name, read]) => read && is.get(name) === false).map(([name]) => `\`${name}\``);
  return dropped.length > 0 ? [`leaves ${dropped.join(', ')} unused`] : [];
}

export function specialCases(before: Node, after: Node): string[] {
  const was = literalComparisons(before);
  const stated = statedWords(before);
  const special = [...literalComparisons(after)].filter(
    (literal) => !was.has(literal) && !stated.has(literal.replace(/^(['"])(.*)\1$/, '$2')),
  );
  return special.length > 0 ? [`special-cases ${special.join(', ')}`] : [];
}

/** The numbers and words of the function's docstring and comments (as they stood before the patch). */
function statedWords(definition: Node): Set<string> {
  const first = definition.childForFieldName('body')?.namedChildren[0];
  const docstring = first?.type === 'expression_statement' && first.namedChildren[0]?.type === 'string' ? [first.text] : [];
  const comments = descendants(definition)
    .filter((node) => node.type === 'comment')
    .map((node) => node.text);
  return new Set([...docstring, ...comments].flatMap((text) => text.match(/-?\d+(?:\.\d+)?|\w+/g) ?? []));
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
