import { enclosingFunction, functionsIn, type FunctionInfo } from '../syntax/functions';
import { parsePython } from '../syntax/parser';

// Maps a line of a file to what encloses it: the innermost function or method (by its
// qualified name), or, at module level, the top-level statement around the line, named
// "<module>": a fix there is an edit to that statement, not to the whole file.

export interface EnclosingScope {
  function: string;
  startLine: number;
  endLine: number;
  /** False for module level. */
  isFunction: boolean;
}

export interface FileScopes {
  scopeOf(line: number): EnclosingScope;
  lineText(line: number): string | undefined;
}

export async function scopesOf(source: string): Promise<FileScopes> {
  const tree = await parsePython(source);
  let functions: FunctionInfo[];
  let statements: { start: number; end: number }[];
  try {
    functions = functionsIn(tree.rootNode);
    statements = tree.rootNode.namedChildren
      .filter((node) => node !== null && node.type !== 'comment')
      .map((node) => ({ start: node!.startPosition.row + 1, end: node!.endPosition.row + 1 }));
  } finally {
    tree.delete();
  }
  const lines = source.split(/\r?\n/);
  return {
    lineText: (line: number) => lines[line - 1],
    scopeOf(line: number): EnclosingScope {
      const fn = enclosingFunction(functions, line);
      if (fn) return { function: fn.qualname, startLine: fn.startLine, endLine: fn.endLine, isFunction: true };
      const statement = statements.find((s) => s.start <= line && line <= s.end) ?? { start: line, end: line };
      return { function: '<module>', startLine: statement.start, endLine: statement.end, isFunction: false };
    },
  };
}

/** For a file that cannot be read: the frame's own function name on its one line. */
export function unknownScope(functionName: string, line: number): EnclosingScope {
  return { function: functionName, startLine: line, endLine: line, isFunction: functionName !== '<module>' };
}
