import { identifierRole } from './generate/templates/scope';
import { parseFunctionText, type Node, type Tree } from './syntax/parser';

// Shapes a reviewer would send back when a better-shaped patch passes the same tests: the
// patch validates, but it is ranked after the patches without them, and the ranking says why.
// Each is judged against the function before the patch:
// - a parameter or loop variable the function read before is no longer read: the patch
//   routed around the input instead of fixing its use;
// - a comparison with a literal the function did not compare with before (other than the
//   everyday 0, 1, -1, empty string, None and booleans): it special-cases a test's value.

const EVERYDAY_LITERALS = new Set(['0', '1', '-1', '""', "''", 'None', 'True', 'False']);

interface Shape {
  /** Parameters and loop variables, and whether the function reads each. */
  inputs: Map<string, boolean>;
  literalComparisons: Set<string>;
}

/** What a reviewer would object to in `after` (the patched function's text) that `before` did not have. */
export async function shapeNotes(before: string, after: string): Promise<string[]> {
  const [was, is] = await Promise.all([shapeOf(before), shapeOf(after)]);
  const notes: string[] = [];
  const dropped = [...was.inputs].filter(([name, read]) => read && is.inputs.get(name) === false).map(([name]) => `\`${name}\``);
  if (dropped.length > 0) notes.push(`leaves ${dropped.join(', ')} unused`);
  const special = [...is.literalComparisons].filter((literal) => !was.literalComparisons.has(literal));
  if (special.length > 0) notes.push(`special-cases ${special.join(', ')}`);
  return notes;
}

async function shapeOf(functionText: string): Promise<Shape> {
  const tree: Tree = await parseFunctionText(functionText);
  try {
    const fn = tree.rootNode.namedChildren.find((node) => node?.type === 'function_definition' || node?.type === 'decorated_definition');
    const shape: Shape = { inputs: new Map(), literalComparisons: new Set() };
    const definition = fn?.type === 'decorated_definition' ? fn.childForFieldName('definition') : fn;
    if (!definition) return shape;
    for (const name of parameterNames(definition)) shape.inputs.set(name, false);
    const visit = (node: Node): void => {
      if (node.type === 'for_statement') {
        const target = node.childForFieldName('left');
        if (target?.type === 'identifier' && !shape.inputs.has(target.text)) shape.inputs.set(target.text, false);
      } else if (node.type === 'identifier' && identifierRole(node) === 'value' && shape.inputs.has(node.text)) {
        shape.inputs.set(node.text, true);
      } else if (node.type === 'comparison_operator') {
        for (const side of node.namedChildren) {
          if (side && isLiteral(side) && !EVERYDAY_LITERALS.has(side.text)) shape.literalComparisons.add(side.text);
        }
      }
      for (const child of node.namedChildren) if (child) visit(child);
    };
    const body = definition.childForFieldName('body');
    if (body) visit(body);
    return shape;
  } finally {
    tree.delete();
  }
}

function parameterNames(definition: Node): string[] {
  const names: string[] = [];
  for (const parameter of definition.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!parameter) continue;
    const name = parameter.type === 'identifier' ? parameter : parameter.namedChildren.find((child) => child?.type === 'identifier');
    if (name && name.text !== 'self' && name.text !== 'cls') names.push(name.text);
  }
  return names;
}

function isLiteral(node: Node): boolean {
  return ['integer', 'float', 'string', 'true', 'false', 'none'].includes(node.type) || (node.type === 'unary_operator' && isLiteral(node.namedChildren[0]!));
}
