import type { Node } from '../../syntax/parser';
import { describeAt, indentationAt, lineOf, nodeEdit, type Edit, type EditContext } from './edit';
import { identifierRole } from '../../syntax/scope';

// Return values: wrapped or unwrapped by mistake ([x] vs x), or not returned at all (a bare
// expression where `return expr` was meant, a function that builds a value and falls off the
// end).

// At most this many variables are tried as the missing return value.
const MAX_RETURN_VARIABLES = 5;
const NOT_WORTH_WRAPPING = new Set(['none', 'true', 'false', 'list', 'tuple', 'list_comprehension']);

function wrapEdits(value: Node): Edit[] {
  if (value.type === 'list' && value.namedChildCount === 1) {
    return [nodeEdit('return-wrap', 1, value, value.namedChildren[0]!.text)];
  }
  if ((value.type === 'tuple' || value.type === 'expression_list') && value.namedChildCount === 1) {
    return [nodeEdit('return-wrap', 1, value, value.namedChildren[0]!.text)];
  }
  if (NOT_WORTH_WRAPPING.has(value.type)) return [];
  return [nodeEdit('return-wrap', 1, value, `[${value.text}]`), nodeEdit('return-wrap', 0.7, value, `(${value.text},)`)];
}

/** Statements directly in the function, nested functions and classes excluded. */
function ownStatements(fn: Node): Node[] {
  const found: Node[] = [];
  const visit = (node: Node): void => {
    for (const child of node.namedChildren) {
      if (!child || child.type === 'function_definition' || child.type === 'class_definition' || child.type === 'decorated_definition')
        continue;
      found.push(child);
      visit(child);
    }
  };
  const body = fn.childForFieldName('body');
  if (body) visit(body);
  return found;
}

function lastStatement(block: Node): Node | null {
  const statements = block.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment');
  return statements[statements.length - 1] ?? null;
}

const NOT_A_VALUE = new Set(['assignment', 'augmented_assignment', 'string', 'yield', 'await', 'concatenated_string']);
// Calls made for their effect: returning their result (None) is never the fix.
const EFFECT_METHODS = new Set([
  'append',
  'extend',
  'add',
  'update',
  'insert',
  'remove',
  'discard',
  'sort',
  'reverse',
  'clear',
  'write',
  'appendleft',
  'setdefault',
]);

function calledForEffect(expression: Node): boolean {
  if (expression.type !== 'call') return false;
  const callee = expression.childForFieldName('function');
  if (callee?.type === 'identifier') return callee.text === 'print';
  return callee?.type === 'attribute' && EFFECT_METHODS.has(callee.childForFieldName('attribute')?.text ?? '');
}

function insideLoop(node: Node, fn: Node): boolean {
  for (let p = node.parent; p && p.id !== fn.id; p = p.parent) {
    if (p.type === 'for_statement' || p.type === 'while_statement') return true;
  }
  return false;
}

/** `expr` as the last statement of a block, where `return expr` was meant. */
function bareExpressionReturns(fn: Node, statements: Node[]): Edit[] {
  const edits: Edit[] = [];
  for (const statement of statements) {
    if (statement.type !== 'expression_statement' || statement.namedChildCount !== 1) continue;
    const expression = statement.namedChildren[0]!;
    if (NOT_A_VALUE.has(expression.type) || calledForEffect(expression)) continue;
    const block = statement.parent;
    if (block?.type !== 'block' || lastStatement(block)?.id !== statement.id) continue;
    // Ending a loop body with a return is possible (a search) but rarer than ending a branch.
    edits.push(nodeEdit('missing-return', insideLoop(statement, fn) ? 0.5 : 1, statement, `return ${expression.text}`));
  }
  return edits;
}

/** Locals the function builds up, most worked-on first: candidates for a forgotten return. */
function builtVariables(fn: Node, statements: Node[]): { name: string; lines: number[]; mutated: boolean }[] {
  const body = fn.childForFieldName('body');
  const assignedAtTop = new Set<string>();
  for (const statement of body?.namedChildren ?? []) {
    const assignment = statement?.type === 'expression_statement' ? statement.namedChildren[0] : null;
    const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
    if (left?.type === 'identifier') assignedAtTop.add(left.text);
  }
  const uses = new Map<string, { lines: Set<number>; mutated: boolean }>();
  for (const statement of statements) {
    for (const id of statement.descendantsOfType('identifier')) {
      if (!id || !assignedAtTop.has(id.text)) continue;
      const role = identifierRole(id);
      if (role !== 'value' && role !== 'target') continue;
      const use = uses.get(id.text) ?? { lines: new Set<number>(), mutated: false };
      use.lines.add(lineOf(id));
      const parent = id.parent;
      const receivesCall = parent?.type === 'attribute' && parent.parent?.type === 'call';
      const augmented = parent?.type === 'augmented_assignment';
      const itemAssigned = parent?.type === 'subscript' && parent.parent?.type === 'assignment';
      use.mutated ||= receivesCall || augmented || itemAssigned;
      uses.set(id.text, use);
    }
  }
  return [...uses.entries()]
    .map(([name, use]) => ({ name, lines: [...use.lines], mutated: use.mutated }))
    .sort((a, b) => Number(b.mutated) - Number(a.mutated) || b.lines.length - a.lines.length)
    .slice(0, MAX_RETURN_VARIABLES);
}

/** `return var` appended to a function that never returns a value. */
function appendedReturns(ctx: EditContext, fn: Node, statements: Node[]): Edit[] {
  const returnsValue = statements.some((s) => s.type === 'return_statement' && s.namedChildCount > 0);
  const hasYield = statements.some((s) => s.descendantsOfType('yield').length > 0);
  const body = fn.childForFieldName('body');
  const first = body?.namedChildren.find((c) => c && c.type !== 'comment') ?? null;
  if (returnsValue || hasYield || !body || !first || first.startPosition.row === fn.startPosition.row) return [];
  const indent = indentationAt(ctx.source, first);
  return builtVariables(fn, statements).map(({ name, lines, mutated }) => ({
    kind: 'missing-return' as const,
    plausibility: mutated ? 1 : 0.5,
    splices: [{ start: body.endIndex, end: body.endIndex, text: `\n${indent}return ${name}` }],
    summary: describeAt(body.endPosition.row + 1, `add \`return ${name}\``),
    anchorLines: lines,
  }));
}

export function returnEdits(ctx: EditContext): Edit[] {
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    if (node.type !== 'return_statement') continue;
    const value = node.namedChildren[0];
    if (value) edits.push(...wrapEdits(value));
  }
  if (ctx.owner.type === 'function_definition') {
    const statements = ownStatements(ctx.owner);
    const inRegion = new Set(ctx.nodes.map((n) => n.id));
    edits.push(
      ...bareExpressionReturns(
        ctx.owner,
        statements.filter((s) => inRegion.has(s.id)),
      ),
    );
    edits.push(...appendedReturns(ctx, ctx.owner, statements));
  }
  return edits;
}
