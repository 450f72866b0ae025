import type { Node } from '../../syntax/parser';
import { describeAt, indentationAt, lineOf, type Edit, type EditContext } from './edit';
import { identifierRole } from '../../syntax/scope';
import {
  LOOPS,
  TERMINAL,
  isSimpleLine,
  lineEndAt,
  loopVariables,
  moveLine,
  ownBlocks,
  previousLineEnd,
  standsAlone,
  statementsOf,
} from './statements';

// A misplaced line: a statement one step too early or too late in its block, or on the wrong
// side of a loop boundary (an update that belongs after the loop, an initialisation that
// belongs inside it, a return indented into the loop).

/** A one-line statement worth moving: not a `pass`, and not an exit (moving those strands code). */
function movable(source: string, statement: Node): boolean {
  return isSimpleLine(source, statement) && !TERMINAL.has(statement.type) && statement.type !== 'pass_statement';
}

// Calls that change nothing, so two lines making them may still trade places freely.
const PURE_BUILTINS = new Set([
  ...['len', 'min', 'max', 'abs', 'sum', 'sorted', 'reversed', 'range', 'enumerate', 'zip', 'any', 'all', 'round'],
  ...['int', 'float', 'str', 'bool', 'list', 'tuple', 'set', 'dict', 'isinstance'],
]);

interface Effects {
  reads: Set<string>;
  writes: Set<string>;
  calls: boolean;
}

/** The root name of `xs[i] = v`, `xs.append(v)`, `self.n += 1`: a value written through. */
function writtenThrough(id: Node): boolean {
  let node = id;
  while ((node.parent?.type === 'subscript' || node.parent?.type === 'attribute') && node.parent.namedChildren[0]?.id === node.id) {
    node = node.parent;
  }
  const parent = node.id === id.id ? null : node.parent;
  if (parent?.type === 'call') return true; // a method call may change its receiver
  return (parent?.type === 'assignment' || parent?.type === 'augmented_assignment') && parent.childForFieldName('left')?.id === node.id;
}

function effectsOf(statement: Node): Effects {
  const reads = new Set<string>();
  const writes = new Set<string>();
  for (const id of statement.descendantsOfType('identifier')) {
    if (!id) continue;
    const role = identifierRole(id);
    if (role === 'target') writes.add(id.text);
    if (role !== 'value') continue;
    reads.add(id.text);
    if (writtenThrough(id)) writes.add(id.text);
  }
  const calls = statement.descendantsOfType('call').some((call) => !PURE_BUILTINS.has(call?.childForFieldName('function')?.text ?? ''));
  return { reads, writes, calls };
}

const overlaps = (a: Set<string>, b: Set<string>): boolean => [...a].some((name) => b.has(name));

/** Whether swapping two statements can change what the code does (calls are assumed to have effects). */
function orderMatters(a: Node, b: Node): boolean {
  const [x, y] = [effectsOf(a), effectsOf(b)];
  return overlaps(x.writes, y.reads) || overlaps(x.writes, y.writes) || overlaps(y.writes, x.reads) || (x.calls && y.calls);
}

/** Whether a statement reads a variable the loop binds. */
function readsLoopVariable(statement: Node, loop: Node): boolean {
  return overlaps(effectsOf(statement).reads, new Set(loopVariables(loop)));
}

function firstLine(statement: Node): string {
  return statement.text.split('\n')[0]!;
}

/** Two neighbours trading places, when at least one is a simple line and their order matters. */
function adjacentSwaps(source: string, block: Node): Edit[] {
  const statements = statementsOf(block);
  if (!statements.every((s) => standsAlone(source, s))) return [];
  const edits: Edit[] = [];
  for (let i = 0; i + 1 < statements.length; i++) {
    const [a, b] = [statements[i]!, statements[i + 1]!];
    const [down, up] = [movable(source, a), movable(source, b)];
    // `return` moved above `a` would leave `a` unreachable.
    if ((!down && !up) || TERMINAL.has(b.type) || !orderMatters(a, b)) continue;
    // Above the loop that binds what it reads, a line would read nothing.
    if (!down && readsLoopVariable(b, a)) continue;
    const splice = down
      ? moveLine(source, a, lineEndAt(source, b.endIndex), indentationAt(source, a))
      : moveLine(source, b, previousLineEnd(source, a.startIndex), indentationAt(source, b));
    if (!splice) continue;
    const [moved, other] = down ? [a, b] : [b, a];
    edits.push({
      kind: 'move-statement',
      // Passing a whole compound statement is a bigger slip than swapping two lines.
      plausibility: down && up ? 1 : 0.6,
      splices: [splice],
      summary: describeAt(lineOf(moved), `move \`${firstLine(moved)}\` ${down ? 'below' : 'above'} \`${firstLine(other)}\``),
      anchorLines: [lineOf(moved), lineOf(other)],
    });
  }
  return edits;
}

/** Statements crossing the boundary of a loop: out of its body (after or before it), or into it. */
function loopCrossings(source: string, loop: Node): Edit[] {
  const body = loop.childForFieldName('body');
  const inside = body ? statementsOf(body) : [];
  const first = inside[0];
  const outerBlock = loop.parent;
  if (!body || !first || first.startPosition.row === loop.startPosition.row || outerBlock?.type !== 'block') return [];
  const loopIndent = indentationAt(source, loop);
  const bodyIndent = indentationAt(source, first);
  const outside = statementsOf(outerBlock);
  const index = outside.findIndex((s) => s.id === loop.id);
  const [previous, next] = [outside[index - 1], outside[index + 1]];
  const edits: Edit[] = [];
  const move = (statement: Node, at: number, indent: string, plausibility: number, where: string, anchor: number): void => {
    const splice = moveLine(source, statement, at, indent);
    if (!splice) return;
    edits.push({
      kind: 'move-statement',
      plausibility,
      splices: [splice],
      summary: describeAt(lineOf(statement), `move \`${firstLine(statement)}\` ${where}`),
      anchorLines: [lineOf(statement), anchor],
    });
  };
  if (inside.length > 1) {
    const last = inside[inside.length - 1]!;
    for (const statement of inside) {
      // A return indented into the loop is a classic; other exits belong to the loop.
      const isLast = statement.id === last.id;
      const returnsFromLoop = isLast && statement.type === 'return_statement' && isSimpleLine(source, statement);
      if (!movable(source, statement) && !returnsFromLoop) continue;
      move(statement, lineEndAt(source, loop.endIndex), loopIndent, isLast ? 1 : 0.5, 'after the loop', lineOf(loop));
    }
    if (movable(source, first) && !readsLoopVariable(first, loop)) {
      move(first, previousLineEnd(source, loop.startIndex), loopIndent, 0.6, 'before the loop', lineOf(loop));
    }
  }
  if (previous && movable(source, previous)) {
    move(previous, previousLineEnd(source, first.startIndex), bodyIndent, 0.8, 'into the loop', lineOf(first));
  }
  if (next && movable(source, next)) {
    // A line after the loop reading the loop's variable was most likely dedented by mistake.
    const plausibility = readsLoopVariable(next, loop) ? 1 : 0.4;
    move(next, lineEndAt(source, body.endIndex), bodyIndent, plausibility, 'into the loop, at its end', body.endPosition.row + 1);
  }
  return edits;
}

export function moveEdits(ctx: EditContext): Edit[] {
  if (ctx.owner.type !== 'function_definition') return [];
  const inRegion = new Set(ctx.nodes.map((n) => n.id));
  const edits: Edit[] = [];
  for (const block of ownBlocks(ctx.owner)) {
    if (!inRegion.has(block.id)) continue;
    edits.push(...adjacentSwaps(ctx.source, block));
    const header = block.parent;
    if (header && LOOPS.has(header.type) && header.childForFieldName('body')?.id === block.id)
      edits.push(...loopCrossings(ctx.source, header));
  }
  return edits;
}
