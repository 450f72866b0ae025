import { identifierRole } from '../../syntax/scope';
import type { Node, Tree } from '../../syntax/parser';

// What the shape rules read off a function's syntax tree.

/** The function definition a function's text parses to (decorators taken off); null when none. */
export function definitionOf(tree: Tree): Node | null {
  const fn = tree.rootNode.namedChildren.find((node) => node?.type === 'function_definition' || node?.type === 'decorated_definition');
  return (fn?.type === 'decorated_definition' ? fn.childForFieldName('definition') : fn) ?? null;
}

/** `node` and every named node under it, in document order. */
export function descendants(node: Node): Node[] {
  const found = [node];
  for (const child of node.namedChildren) if (child) found.push(...descendants(child));
  return found;
}

/** The nodes of `types` in `before` and `after` paired in document order; none when their counts differ (the patch restructured). */
export function paired(before: Node, after: Node, types: readonly string[]): [Node, Node][] {
  const [was, is] = [before, after].map((root) => descendants(root).filter((node) => types.includes(node.type))) as [Node[], Node[]];
  return was.length === is.length ? was.map((node, i) => [node, is[i]!]) : [];
}

/** Parameter names, without the receiver (self, cls). */
export function parameterNames(definition: Node): string[] {
  const names: string[] = [];
  for (const parameter of definition.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!parameter) continue;
    const name = parameter.type === 'identifier' ? parameter : parameter.namedChildren.find((child) => child?.type === 'identifier');
    if (name && !RECEIVERS.has(name.text)) names.push(name.text);
  }
  return names;
}

export const RECEIVERS = new Set(['self', 'cls']);

/** Whether `node` reads any of `names`. */
export function reads(node: Node, names: ReadonlySet<string>): boolean {
  return descendants(node).some((n) => n.type === 'identifier' && identifierRole(n) === 'value' && names.has(n.text));
}

/** Names the function binds: parameters (the receiver aside) and assignment, loop and `as` targets. */
export function boundNames(definition: Node): Set<string> {
  const bound = descendants(definition).filter((n) => n.type === 'identifier' && ['parameter', 'target'].includes(identifierRole(n)));
  return new Set(bound.map((n) => n.text).filter((name) => !RECEIVERS.has(name)));
}

/** The two operands of a comparison with one operator, with it; null for chains and other nodes. */
export function comparison(expression: Node): { left: Node; operator: string; right: Node } | null {
  const node = unwrapped(expression);
  if (node.type !== 'comparison_operator') return null;
  const operators = node.childrenForFieldName('operators');
  const [left, right] = node.namedChildren;
  return operators.length === 1 && left && right && node.namedChildren.length === 2 ? { left, operator: operators[0]!.text, right } : null;
}

/** `node` without the parentheses around it. */
export function unwrapped(node: Node): Node {
  return node.type === 'parenthesized_expression' && node.namedChildren[0] ? unwrapped(node.namedChildren[0]) : node;
}
