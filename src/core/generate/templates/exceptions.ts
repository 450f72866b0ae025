import type { Node } from '../../syntax/parser';
import { nodeEdit, type Edit, type EditContext } from './edit';

// The wrong exception class raised or caught: IndexError where KeyError was meant. The
// alternatives are the classes the file already names, then the usual builtins.

const COMMON_BUILTINS = ['ValueError', 'TypeError', 'KeyError', 'IndexError'];

function exceptionClassNodes(node: Node | null | undefined): Node[] {
  if (!node) return [];
  switch (node.type) {
    case 'identifier':
      return [node];
    case 'call':
      return exceptionClassNodes(node.childForFieldName('function'));
    case 'tuple':
    case 'parenthesized_expression':
      return node.namedChildren.flatMap((c) => exceptionClassNodes(c));
    case 'as_pattern':
      return exceptionClassNodes(node.namedChildren[0]);
    default:
      return [];
  }
}

function replacements(site: Node, known: Set<string>): Edit[] {
  if (!known.has(site.text) && !COMMON_BUILTINS.includes(site.text)) return []; // a variable, not a class
  const fromFile = [...known].filter((name) => name !== site.text);
  const builtins = COMMON_BUILTINS.filter((name) => name !== site.text && !known.has(name));
  const count = fromFile.length + builtins.length;
  const spread = Math.sqrt(Math.max(1, count / 3));
  return [
    ...fromFile.map((name) => nodeEdit('exception-type', 1 / spread, site, name)),
    // Builtins the file does not use are less likely, unless there is nothing else to try.
    ...builtins.map((name) => nodeEdit('exception-type', (fromFile.length > 0 ? 0.6 : 1) / spread, site, name)),
  ];
}

export function exceptionEdits(ctx: EditContext): Edit[] {
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    if (node.type === 'raise_statement' || node.type === 'except_clause') {
      for (const site of exceptionClassNodes(node.namedChildren[0])) edits.push(...replacements(site, ctx.scope.exceptions));
    }
  }
  return edits;
}
