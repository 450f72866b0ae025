import type { Node } from '../../syntax/parser';
import { indentationAt, lineOf, type Splice } from './edit';

// Statements as lines, for the families that add or move whole statements: the blocks of a
// function's own code, the positions between their statements, and the splices that insert
// or move one line. Positions are line-end offsets (just before a line break), so an edit
// after a function's last line never reaches past the suspect region.

/** Definitions whose code is not their enclosing function's own. */
export const NESTED_SCOPES = new Set(['function_definition', 'class_definition', 'decorated_definition', 'lambda']);
const SIMPLE = new Set([
  'expression_statement',
  'return_statement',
  'break_statement',
  'continue_statement',
  'raise_statement',
  'pass_statement',
  'delete_statement',
]);
/** Statements after which the rest of their block never runs. */
export const TERMINAL = new Set(['return_statement', 'break_statement', 'continue_statement', 'raise_statement']);
export const LOOPS = new Set(['for_statement', 'while_statement']);

/** The blocks of a function's own code (nested functions and classes excluded), outermost first. */
export function ownBlocks(fn: Node): Node[] {
  const body = fn.childForFieldName('body');
  if (!body) return [];
  const found = [body];
  const visit = (node: Node): void => {
    for (const child of node.namedChildren) {
      if (!child || NESTED_SCOPES.has(child.type)) continue;
      if (child.type === 'block') found.push(child);
      visit(child);
    }
  };
  visit(body);
  return found;
}

export function statementsOf(block: Node): Node[] {
  return block.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment');
}

/** Offset of the line break (before any \r) ending the line that holds `offset`. */
export function lineEndAt(source: string, offset: number): number {
  const eol = source.indexOf('\n', offset);
  if (eol < 0) return source.length;
  return source[eol - 1] === '\r' ? eol - 1 : eol;
}

/** Line end of the line before the one holding `offset`; -1 on the first line. */
export function previousLineEnd(source: string, offset: number): number {
  const lineStart = source.lastIndexOf('\n', offset - 1) + 1;
  if (lineStart === 0) return -1;
  return source[lineStart - 2] === '\r' ? lineStart - 2 : lineStart - 1;
}

/** Nothing but indentation before the statement and at most a comment after it on its lines. */
export function standsAlone(source: string, statement: Node): boolean {
  const lineStart = source.lastIndexOf('\n', statement.startIndex - 1) + 1;
  if (source.slice(lineStart, statement.startIndex).trim() !== '') return false;
  const rest = source.slice(statement.endIndex, lineEndAt(source, statement.endIndex)).trim();
  return rest === '' || rest.startsWith('#');
}

function isDocstring(statement: Node): boolean {
  return statement.type === 'expression_statement' && statement.namedChildren[0]?.type === 'string';
}

/** A simple statement alone on one line (docstrings excluded): what may be copied or moved. */
export function isSimpleLine(source: string, statement: Node): boolean {
  return (
    SIMPLE.has(statement.type) &&
    statement.startPosition.row === statement.endPosition.row &&
    !isDocstring(statement) &&
    standsAlone(source, statement)
  );
}

/** A place between two statements of a block (either may be null at the block's ends). */
export interface Position {
  block: Node;
  before: Node | null;
  after: Node | null;
  /** Line-end offset the new line follows. */
  at: number;
  indent: string;
  /** The lines around the position, whose suspiciousness an edit there inherits. */
  anchorLines: number[];
}

/** Every position of a block whose statements each stand on their own lines. */
export function positionsIn(source: string, block: Node): Position[] {
  const statements = statementsOf(block);
  const first = statements[0];
  const header = block.parent;
  if (!first || !header || first.startPosition.row === header.startPosition.row) return [];
  if (!statements.every((s) => standsAlone(source, s))) return [];
  const indent = indentationAt(source, first);
  const positions: Position[] = [];
  for (let i = 0; i <= statements.length; i++) {
    const before = statements[i - 1] ?? null;
    const after = statements[i] ?? null;
    const at = before ? lineEndAt(source, before.endIndex) : previousLineEnd(source, first.startIndex);
    if (at < 0) continue;
    const anchorLines = [before ? before.endPosition.row + 1 : lineOf(header), ...(after ? [lineOf(after)] : [])];
    positions.push({ block, before, after, at, indent, anchorLines });
  }
  return positions;
}

/** A new line at a position. */
export function insertLine(at: number, indent: string, text: string): Splice {
  return { start: at, end: at, text: `\n${indent}${text}` };
}

/** One statement's line taken out and put after the line ending at `at`, re-indented; null if `at` is inside it. */
export function moveLine(source: string, statement: Node, at: number, indent: string): Splice | null {
  const removeStart = previousLineEnd(source, statement.startIndex);
  const removeEnd = lineEndAt(source, statement.endIndex);
  if (removeStart < 0) return null;
  const line = `\n${indent}${statement.text}`;
  if (at <= removeStart) return { start: at, end: removeEnd, text: line + source.slice(at, removeStart) };
  if (at >= removeEnd) return { start: removeStart, end: at, text: source.slice(removeEnd, at) + line };
  return null;
}

/** The loops around a node inside a function, innermost first. */
export function enclosingLoops(node: Node, fn: Node): Node[] {
  const loops: Node[] = [];
  for (let p = node.parent; p && p.id !== fn.id; p = p.parent) if (LOOPS.has(p.type)) loops.push(p);
  return loops;
}

/** The names a for loop binds (`for k, v in ...` binds k and v). */
export function loopVariables(loop: Node): string[] {
  const left = loop.type === 'for_statement' ? loop.childForFieldName('left') : null;
  return left ? left.descendantsOfType('identifier').flatMap((id) => (id ? [id.text] : [])) : [];
}
