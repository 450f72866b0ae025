import { parseFunctionText, type Node } from '../syntax/parser';

// Patches that make failing tests pass by silencing them instead of fixing the code: never
// shown, however well they validate. Each shape is counted in the edited function before and
// after the patch, so a shape the code already had is not held against a patch:
// - a `return`, `break` or `continue` that leaves a `finally` block: it discards the
//   exception in flight, whatever it was;
// - a handler that catches every exception (bare `except:`, `Exception`, `BaseException`)
//   and does not raise again;
// - statements made unreachable by a `return`, `raise`, `break` or `continue` before them in
//   the same block: an early exit that skips the code under test.

interface Shape {
  key: 'finallyExits' | 'swallowingHandlers' | 'unreachable';
  /** Why a patch that adds one is not shown. */
  says: string;
}

const SHAPES: readonly Shape[] = [
  { key: 'finallyExits', says: 'it exits a finally block, which discards any exception the tests would see' },
  { key: 'swallowingHandlers', says: 'it adds a handler that swallows every exception' },
  { key: 'unreachable', says: 'it exits early and leaves the code after it unreachable' },
];

type Counts = Record<Shape['key'], number>;

const SCOPES = new Set(['function_definition', 'class_definition', 'lambda']);
const LOOPS = new Set(['for_statement', 'while_statement']);
const EXITS = new Set(['return_statement', 'raise_statement', 'break_statement', 'continue_statement']);
const CATCH_ALL = new Set(['Exception', 'BaseException']);

/** Why `after` (the patched function's text) silences tests where `before` did not, or null. */
export async function silencingOf(before: string, after: string): Promise<string | null> {
  const [was, is] = await Promise.all([countShapes(before), countShapes(after)]);
  return SHAPES.find((shape) => is[shape.key] > was[shape.key])?.says ?? null;
}

async function countShapes(functionText: string): Promise<Counts> {
  const tree = await parseFunctionText(functionText);
  try {
    const counts: Counts = { finallyExits: 0, swallowingHandlers: 0, unreachable: 0 };
    const visit = (node: Node): void => {
      if (node.type === 'return_statement' || node.type === 'break_statement' || node.type === 'continue_statement') {
        if (leavesFinally(node)) counts.finallyExits++;
      } else if (node.type === 'except_clause' && catchesAll(node) && !raisesIn(node)) {
        counts.swallowingHandlers++;
      } else if (node.type === 'block' || node.type === 'module') {
        counts.unreachable += unreachableIn(node);
      }
      for (const child of node.namedChildren) if (child) visit(child);
    };
    visit(tree.rootNode);
    return counts;
  } finally {
    tree.delete();
  }
}

/** A return leaves the enclosing finally unless a function lies between; break/continue unless a loop does. */
function leavesFinally(exit: Node): boolean {
  for (let node = exit.parent; node; node = node.parent) {
    if (node.type === 'finally_clause') return true;
    if (SCOPES.has(node.type)) return false;
    if (exit.type !== 'return_statement' && LOOPS.has(node.type)) return false;
  }
  return false;
}

function catchesAll(handler: Node): boolean {
  const caught = handler.childForFieldName('value');
  if (!caught) return true; // a bare `except:`
  const classes = caught.type === 'as_pattern' ? caught.namedChildren[0] : caught;
  const names = classes?.type === 'tuple' || classes?.type === 'parenthesized_expression' ? classes.namedChildren : [classes];
  return names.some((name) => name?.type === 'identifier' && CATCH_ALL.has(name.text));
}

/** Whether the handler raises anywhere in its own body (not in a function it defines). */
function raisesIn(handler: Node): boolean {
  const search = (node: Node): boolean =>
    node.namedChildren.some((child) => !!child && !SCOPES.has(child.type) && (child.type === 'raise_statement' || search(child)));
  return search(handler);
}

/** Statements after an unconditional exit in the same block. */
function unreachableIn(block: Node): number {
  const statements = block.namedChildren.filter((child): child is Node => !!child && child.type !== 'comment');
  const exit = statements.findIndex((statement) => EXITS.has(statement.type));
  return exit < 0 ? 0 : statements.length - exit - 1;
}
