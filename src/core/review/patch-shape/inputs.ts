import { identifierRole } from '../../syntax/scope';
import type { Node } from '../../syntax/parser';
import { descendants, parameterNames } from './tree';

// A parameter or loop variable the function read before and no longer reads: the patch routed
// around the input instead of fixing its use. A comparison with a literal the function did not
// compare with before (other than the everyday ones): it special-cases a test's value.

const EVERYDAY_LITERALS = new Set(['0', '1', '-1', '""', "''", 'None', 'True', 'False']);

export function unusedInputs(before: Node, after: Node): string[] {
  const [was, is] = [inputsOf(before), inputsOf(after)];
  const dropped = [...was].filter(([name, read]) => read && is.get(name) === false).map(([name]) => `\`${name}\``);
  return dropped.length > 0 ? [`leaves ${dropped.join(', ')} unused`] : [];
}

export function specialCases(before: Node, after: Node): string[] {
  const was = literalComparisons(before);
  const special = [...literalComparisons(after)].filter((literal) => !was.has(literal));
  return special.length > 0 ? [`special-cases ${special.join(', ')}`] : [];
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
