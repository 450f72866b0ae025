import type { Node } from 'web-tree-sitter';
import { parsePython } from './parser';

/** A function or method definition found in a Python file. Lines are 1-based, inclusive. */
export interface FunctionInfo {
  /** Qualified name as Python's __qualname__ writes it: "f", "C.m", "f.<locals>.g". */
  qualname: string;
  name: string;
  /** First line of the definition, decorators included. */
  startLine: number;
  endLine: number;
  /** Line of the `def` keyword itself (differs from startLine when decorated). */
  defLine: number;
  /** Line where the body starts. */
  bodyStartLine: number;
  /** Enclosing class name, if a method. */
  className: string | null;
  /** Column of the `def` (or first decorator), for indentation. */
  indent: number;
}

function definitionRange(node: Node): Node {
  return node.parent?.type === 'decorated_definition' ? node.parent : node;
}

/** All function definitions in the source, in file order, nested ones included. */
export async function listFunctions(source: string): Promise<FunctionInfo[]> {
  const tree = await parsePython(source);
  try {
    return functionsIn(tree.rootNode);
  } finally {
    tree.delete();
  }
}

export function functionsIn(root: Node): FunctionInfo[] {
  const found: FunctionInfo[] = [];
  const visit = (node: Node, scope: string[], className: string | null): void => {
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'function_definition') {
        const name = child.childForFieldName('name')?.text ?? '<anonymous>';
        const outer = definitionRange(child);
        const body = child.childForFieldName('body');
        found.push({
          qualname: [...scope, name].join('.'),
          name,
          startLine: outer.startPosition.row + 1,
          endLine: outer.endPosition.row + 1,
          defLine: child.startPosition.row + 1,
          bodyStartLine: (body?.startPosition.row ?? child.startPosition.row) + 1,
          className,
          indent: outer.startPosition.column,
        });
        if (body) visit(body, [...scope, name, '<locals>'], null);
      } else if (child.type === 'class_definition') {
        const name = child.childForFieldName('name')?.text ?? '<anonymous>';
        const body = child.childForFieldName('body');
        if (body) visit(body, [...scope, name], name);
      } else {
        // Definitions can hide in any statement (if/try/with/for/while/match blocks, at any
        // depth): everything else is searched, as Python's own compiler names them.
        visit(child, scope, className);
      }
    }
  };
  visit(root, [], null);
  return found;
}

/** The innermost function containing the line, or null for module level. */
export function enclosingFunction(functions: readonly FunctionInfo[], line: number): FunctionInfo | null {
  let best: FunctionInfo | null = null;
  for (const fn of functions) {
    if (fn.startLine <= line && line <= fn.endLine) {
      if (!best || fn.endLine - fn.startLine < best.endLine - best.startLine) best = fn;
    }
  }
  return best;
}
