import type { Node } from '../../syntax/parser';
import { describeAt, type Edit, type EditContext } from './edit';
import { identifierRole, type Scope } from '../../syntax/scope';
import {
  TERMINAL,
  enclosingLoops,
  insertLine,
  isSimpleLine,
  loopVariables,
  ownBlocks,
  positionsIn,
  statementsOf,
  type Position,
} from './statements';

// A missing line: a container never filled, a variable never updated, a branch that should
// return or go on to the next iteration, a statement written in one branch and forgotten in
// another. Every position between the suspect function's statements is tried, with the few
// lines its surroundings make likely; the position's lines lend it their suspiciousness.

// Lines tried per position, best first.
const MAX_PER_POSITION = 6;
// Loop variables and fresh locals tried as the element a container misses.
const MAX_ELEMENTS = 3;
// Statements of other blocks tried as copies per position.
const MAX_COPIES = 3;

const BRANCHES = new Set(['if_statement', 'elif_clause', 'else_clause']);
const FILLING_METHODS = new Set(['append', 'add', 'extend', 'update', 'insert', 'appendleft', 'setdefault']);

interface Line {
  text: string;
  plausibility: number;
}

type ContainerKind = 'list' | 'set' | 'dict';

interface Container {
  name: string;
  kind: ContainerKind;
  /** Where its initialisation ends: updates only make sense after it. */
  initialised: number;
  /** Whether the function ever adds to it; one never filled is the likeliest to be missing an update. */
  filled: boolean;
}

/** The facts about the function every position draws on, gathered once. */
interface FunctionFacts {
  fn: Node;
  scope: Scope;
  blocks: Node[];
  containers: Container[];
  /** Names assigned somewhere in the function other than by a loop. */
  assigned: Set<string>;
  /** Names returned by `return name`, most often returned first. */
  returned: string[];
  /** Whether the file counts with `d[k] = d.get(k, 0) + 1`. */
  countsWithGet: boolean;
  bindings: Binding[];
}

/** Where a local gets a value: from an offset on, or inside the loop (or comprehension) that binds it. */
interface Binding {
  name: string;
  offset: number;
  loop: Node | null;
}

const PATTERNS = new Set(['pattern_list', 'tuple_pattern', 'list_pattern', 'tuple', 'list', 'parenthesized_expression']);

function bindingsOf(fn: Node): Binding[] {
  const bindings: Binding[] = [];
  for (const id of fn.descendantsOfType('identifier')) {
    if (!id || identifierRole(id) !== 'target') continue;
    let node = id;
    while (node.parent && PATTERNS.has(node.parent.type)) node = node.parent;
    const binder = node.parent?.type === 'for_statement' || node.parent?.type === 'for_in_clause' ? node.parent : null;
    bindings.push({ name: id.text, offset: id.startIndex, loop: binder });
  }
  return bindings;
}

/** Whether every local a line reads has a value at the position: assigned above it, or bound by a loop around it. */
function readable(fn: FunctionFacts, names: string[], pos: Position, loops: Node[]): boolean {
  return names.every((name) => {
    const own = fn.bindings.filter((b) => b.name === name);
    if (fn.scope.params.includes(name) || own.length === 0) return true;
    return own.some((b) => (b.loop ? loops.some((l) => l.id === b.loop!.id) : b.offset < pos.at));
  });
}

function assignmentOf(statement: Node | null): Node | null {
  const expression = statement?.type === 'expression_statement' ? statement.namedChildren[0] : null;
  return expression?.type === 'assignment' ? expression : null;
}

/** The name a plain `name = value` statement assigns, else null. */
function assignedName(statement: Node | null): string | null {
  const left = assignmentOf(statement)?.childForFieldName('left');
  return left?.type === 'identifier' ? left.text : null;
}

function emptyContainerKind(value: Node | null): ContainerKind | null {
  if (!value) return null;
  if (value.type === 'list' && value.namedChildCount === 0) return 'list';
  if (value.type === 'dictionary' && value.namedChildCount === 0) return 'dict';
  if (value.type !== 'call' || (value.childForFieldName('arguments')?.namedChildCount ?? 1) > 0) return null;
  const callee = value.childForFieldName('function')?.text;
  if (callee === 'list' || callee === 'deque' || callee === 'collections.deque') return 'list';
  if (callee === 'set') return 'set';
  return callee === 'dict' ? 'dict' : null;
}

function isFilled(fn: Node, name: string): boolean {
  return fn.descendantsOfType('identifier').some((id) => {
    const parent = id?.text === name ? id.parent : null;
    if (parent?.type === 'attribute' && parent.parent?.type === 'call') {
      return FILLING_METHODS.has(parent.childForFieldName('attribute')?.text ?? '');
    }
    const assignment = parent?.type === 'subscript' ? parent.parent : null;
    const assigns = assignment?.type === 'assignment' || assignment?.type === 'augmented_assignment';
    return assigns && assignment!.childForFieldName('left')?.id === parent!.id;
  });
}

function describeFunction(ctx: EditContext, fn: Node): FunctionFacts {
  const blocks = ownBlocks(fn);
  const bindings = bindingsOf(fn);
  const statements = blocks.flatMap(statementsOf);
  const containers: Container[] = [];
  const returns = new Map<string, number>();
  for (const statement of statements) {
    const name = assignedName(statement);
    if (name) {
      const kind = emptyContainerKind(assignmentOf(statement)!.childForFieldName('right'));
      if (kind) containers.push({ name, kind, initialised: statement.endIndex, filled: isFilled(fn, name) });
    }
    const value = statement.type === 'return_statement' ? statement.namedChildren[0] : null;
    if (value?.type === 'identifier') returns.set(value.text, (returns.get(value.text) ?? 0) + 1);
  }
  return {
    fn,
    scope: ctx.scope,
    blocks,
    containers,
    assigned: new Set(bindings.filter((b) => b.loop === null).map((b) => b.name)),
    returned: [...returns.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name),
    countsWithGet: /(\w+)\[(\w+)\]\s*=\s*\1\.get\(\2,\s*0\)\s*\+\s*1/.test(ctx.source),
    bindings,
  };
}

/** Names a missing line would most likely work with: loop variables (innermost first), then what the line before assigned. */
function elementsAt(pos: Position, loops: Node[], fn: FunctionFacts): string[] {
  const names = [...loops.flatMap(loopVariables), ...[assignedName(pos.before)].filter((n): n is string => !!n)];
  const containers = new Set(fn.containers.map((c) => c.name));
  return [...new Set(names)].filter((n) => !containers.has(n) && n !== fn.scope.receiver).slice(0, MAX_ELEMENTS);
}

/** `xs.append(x)`, `seen.add(x)`, `d[k] = v`, `counts[k] = counts.get(k, 0) + 1`. */
function containerUpdates(pos: Position, loops: Node[], fn: FunctionFacts): Line[] {
  const elements = elementsAt(pos, loops, fn);
  // `d[k] = v` takes key and value from a loop over pairs (`for k, v in ...`), else the first two elements.
  const loopPair = loops[0] ? loopVariables(loops[0]) : [];
  const [key, value] = loopPair.length === 2 ? loopPair : elements;
  const lines: Line[] = [];
  for (const container of fn.containers) {
    if (container.initialised > pos.at) continue;
    const weight = container.filled ? 0.5 : 1;
    elements.forEach((element, i) => {
      const plausibility = weight * (i === 0 ? 1 : 0.7);
      const c = container.name;
      if (container.kind === 'list') lines.push({ text: `${c}.append(${element})`, plausibility });
      if (container.kind === 'set') lines.push({ text: `${c}.add(${element})`, plausibility });
      if (container.kind === 'dict' && fn.countsWithGet)
        lines.push({ text: `${c}[${element}] = ${c}.get(${element}, 0) + 1`, plausibility });
    });
    if (container.kind === 'dict' && key && value) lines.push({ text: `${container.name}[${key}] = ${value}`, plausibility: weight });
  }
  return lines;
}

function conditionOf(block: Node): Node | null {
  const header = block.parent;
  return header?.type === 'if_statement' || header?.type === 'elif_clause' ? header.childForFieldName('condition') : null;
}

function valueNames(node: Node | null): string[] {
  return (node?.descendantsOfType('identifier') ?? []).flatMap((id) => (id && identifierRole(id) === 'value' ? [id.text] : []));
}

/**
 * How likely `target = value` ends the branch its test guards: `if value > best: best = value`
 * updates the right operand of a comparison of two names; any two tested names are likelier
 * than a loop variable, which is likelier than the rest.
 */
function updateWeight(condition: Node | null, tested: Set<string>, loopNames: Set<string>, target: string, value: string): number {
  const operands = condition?.type === 'comparison_operator' ? condition.namedChildren.map((c) => c?.text) : [];
  if (operands.length === 2 && operands[0] === value && operands[1] === target) return 1;
  if (tested.has(target) && tested.has(value)) return 0.6;
  return loopNames.has(value) ? 0.5 : 0.3;
}

/** The names a statement needs a value for: those it reads, and the target of `x += ...`. */
function namesRead(statement: Node): string[] {
  return statement.descendantsOfType('identifier').flatMap((id) => {
    const role = id ? identifierRole(id) : null;
    return id && (role === 'value' || (role === 'target' && id.parent?.type === 'augmented_assignment')) ? [id.text] : [];
  });
}

/** `best = value` ending a branch or loop body, for a name the function assigns elsewhere (containers excluded). */
function assignments(pos: Position, loops: Node[], fn: FunctionFacts): Line[] {
  const condition = conditionOf(pos.block);
  const tested = new Set(valueNames(condition));
  const loopNames = new Set(loops.flatMap(loopVariables));
  const sources = [...new Set([...tested, ...loopNames, ...[assignedName(pos.before)].filter((n): n is string => !!n)])];
  const containers = new Set(fn.containers.map((c) => c.name));
  const own = new Set([...fn.scope.params, ...fn.scope.locals].filter((n) => !containers.has(n) && n !== fn.scope.receiver));
  const lines: Line[] = [];
  for (const target of fn.assigned) {
    if (!own.has(target)) continue;
    for (const value of sources) {
      if (value === target || !own.has(value)) continue;
      const [a, b] = [fn.scope.kindOf(target), fn.scope.kindOf(value)];
      if (a && b && a !== b) continue;
      lines.push({ text: `${target} = ${value}`, plausibility: updateWeight(condition, tested, loopNames, target, value) });
    }
  }
  return lines;
}

/** `return name` ending a branch or loop body, for names returned elsewhere or the loop's variables. */
function returns(pos: Position, loops: Node[], fn: FunctionFacts): Line[] {
  const inBranch = BRANCHES.has(pos.block.parent?.type ?? '');
  const loopNames = inBranch ? loops.flatMap(loopVariables) : [];
  return [
    ...fn.returned.filter((name) => readable(fn, [name], pos, loops)).map((name) => ({ text: `return ${name}`, plausibility: 0.8 })),
    ...loopNames.map((name) => ({ text: `return ${name}`, plausibility: 0.5 })),
  ];
}

/**
 * `continue` ending a branch inside a loop, and `break` ending an elif or else branch (the
 * control family adds `break` to if bodies). Not where the branch ends the loop body anyway.
 */
function loopExits(pos: Position, loops: Node[]): Line[] {
  const header = pos.block.parent;
  if (!header || !BRANCHES.has(header.type) || loops.length === 0) return [];
  const ifStatement = header.type === 'if_statement' ? header : header.parent;
  const loopBody = loops[0]!.childForFieldName('body');
  const lastInLoop = ifStatement?.parent?.id === loopBody?.id && loopBody && statementsOf(loopBody).at(-1)?.id === ifStatement?.id;
  const lines: Line[] = lastInLoop ? [] : [{ text: 'continue', plausibility: 0.6 }];
  if (header.type !== 'if_statement') lines.push({ text: 'break', plausibility: 0.6 });
  return lines;
}

/** One-line statements of other blocks, likelier the closer their block: another branch of the same if, the same loop. */
function copies(ctx: EditContext, pos: Position, loops: Node[], fn: FunctionFacts): Line[] {
  const present = new Set(statementsOf(pos.block).map((s) => s.text));
  const ifOf = (block: Node): Node | null => {
    const header = block.parent;
    if (header?.type === 'if_statement') return header;
    return header?.type === 'elif_clause' || header?.type === 'else_clause' ? header.parent : null;
  };
  const lines: Line[] = [];
  for (const block of fn.blocks) {
    if (block.id === pos.block.id) continue;
    const sibling = ifOf(block) !== null && ifOf(block)?.id === ifOf(pos.block)?.id;
    const sameLoop = loops[0] !== undefined && enclosingLoops(block, fn.fn)[0]?.id === loops[0].id;
    const plausibility = sibling ? 0.7 : sameLoop ? 0.4 : 0.2;
    for (const statement of statementsOf(block)) {
      if (statement.type !== 'expression_statement' || !isSimpleLine(ctx.source, statement) || present.has(statement.text)) continue;
      if (!readable(fn, namesRead(statement), pos, loops)) continue;
      lines.push({ text: statement.text, plausibility });
    }
  }
  return best(lines, MAX_COPIES);
}

function best(lines: Line[], limit: number): Line[] {
  const seen = new Set<string>();
  return lines
    .sort((a, b) => b.plausibility - a.plausibility)
    .filter((line) => !seen.has(line.text) && seen.add(line.text))
    .slice(0, limit);
}

function linesAt(ctx: EditContext, pos: Position, fn: FunctionFacts): Line[] {
  const loops = enclosingLoops(pos.block, fn.fn);
  const atEnd = pos.after === null && pos.block.parent?.id !== fn.fn.id;
  const last = pos.before;
  const open = atEnd && last !== null && !TERMINAL.has(last.type);
  const lines = [
    ...(loops.length > 0 || assignedName(pos.before) ? containerUpdates(pos, loops, fn) : []),
    ...(open ? [...assignments(pos, loops, fn), ...returns(pos, loops, fn), ...loopExits(pos, loops)] : []),
    ...copies(ctx, pos, loops, fn),
  ];
  const present = new Set(statementsOf(pos.block).map((s) => s.text));
  return best(
    lines.filter((line) => !present.has(line.text)),
    MAX_PER_POSITION,
  );
}

export function insertionEdits(ctx: EditContext): Edit[] {
  if (ctx.owner.type !== 'function_definition') return [];
  const fn = describeFunction(ctx, ctx.owner);
  const inRegion = new Set(ctx.nodes.map((n) => n.id));
  const edits: Edit[] = [];
  for (const block of fn.blocks) {
    if (!inRegion.has(block.id)) continue;
    for (const pos of positionsIn(ctx.source, block)) {
      // Nothing goes above a docstring or below an exit, where it would never run.
      if (pos.after && pos.after.type === 'expression_statement' && pos.after.namedChildren[0]?.type === 'string') continue;
      if (pos.before && TERMINAL.has(pos.before.type)) continue;
      const line = (pos.before ? pos.before.endPosition.row : block.parent!.startPosition.row) + 2;
      for (const { text, plausibility } of linesAt(ctx, pos, fn)) {
        edits.push({
          kind: 'insert-statement',
          plausibility,
          splices: [insertLine(pos.at, pos.indent, text)],
          summary: describeAt(line, `insert \`${text}\``),
          anchorLines: pos.anchorLines,
        });
      }
    }
  }
  return edits;
}
