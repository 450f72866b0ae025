import { Language, Parser, type Node, type Tree } from 'web-tree-sitter';
import { treeSitterWasm } from '../files/resources';

// The only module that talks to web-tree-sitter's initialisation: one parser, created lazily
// and shared, with the Python grammar loaded from the wasm shipped in the bundle.

let parserPromise: Promise<Parser> | undefined;

async function createParser(): Promise<Parser> {
  const runtimeWasm = treeSitterWasm('web-tree-sitter.wasm');
  await Parser.init({ locateFile: () => runtimeWasm });
  const python = await Language.load(treeSitterWasm('tree-sitter-python.wasm'));
  const parser = new Parser();
  parser.setLanguage(python);
  return parser;
}

export function pythonParser(): Promise<Parser> {
  parserPromise ??= createParser();
  return parserPromise;
}

export async function parsePython(source: string): Promise<Tree> {
  const parser = await pythonParser();
  const tree = parser.parse(source);
  if (!tree) throw new Error('tree-sitter returned no tree');
  return tree;
}

/**
 * A function's text parsed on its own: its first line's indentation is taken off every line
 * first, so a method parses like a top-level function.
 */
export function parseFunctionText(text: string): Promise<Tree> {
  const indent = /^[ \t]*/.exec(text)![0];
  const dedented = indent
    ? text
        .split('\n')
        .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
        .join('\n')
    : text;
  return parsePython(dedented);
}

/** True when the source parses without error or missing nodes. */
export async function parsesCleanly(source: string): Promise<boolean> {
  const tree = await parsePython(source);
  try {
    return !tree.rootNode.hasError;
  } finally {
    tree.delete();
  }
}

/** First syntax error position (1-based line), or null. */
export function firstSyntaxError(root: Node): { line: number; column: number } | null {
  if (!root.hasError) return null;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.isError || node.isMissing) {
      return { line: node.startPosition.row + 1, column: node.startPosition.column + 1 };
    }
    // Depth-first, leftmost first: push children in reverse.
    for (let i = node.childCount - 1; i >= 0; i--) {
      const child = node.child(i);
      if (child?.hasError || child?.isMissing) stack.push(child);
    }
  }
  return null;
}

export type { Node, Tree };
