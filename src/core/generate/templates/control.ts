import type { Node } from '../../syntax/parser';
import { describeAt, indentationAt, lineOf, nodeEdit, type Edit, type EditContext, type Splice } from './edit';
import { identifierRole, ownParameterNames } from '../../syntax/scope';

// Control flow: a deleted or misplaced break/continue, an extra statement, a missing guard.

const LOOPS = new Set(['for_statement', 'while_statement']);
const SCOPE_BOUNDARIES = new Set(['function_definition', 'class_definition', 'lambda']);
// Most parameters a guard is tried for.
const MAX_GUARDED_PARAMS = 4;

const DELETABLE = new Set([
  'expression_statement',
  'return_statement',
  'break_statement',
  'continue_statement',
  'raise_statement',
  'assert_statement',
  'delete_statement',
]);

function insideLoop(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (LOOPS.has(p.type)) return true;
    if (SCOPE_BOUNDARIES.has(p.type)) return false;
  }
  return false;
}

/** Removal of a statement that sits alone on its lines; `pass` when it is its block's only one. */
function deletion(source: string, statement: Node): Splice | null {
  const lineStart = source.lastIndexOf('\n', statement.startIndex - 1) + 1;
  if (source.slice(lineStart, statement.startIndex).trim() !== '') return null;
  const eol = source.indexOf('\n', statement.endIndex);
  const lineEnd = eol < 0 ? source.length : source[eol - 1] === '\r' ? eol - 1 : eol;
  const rest = source.slice(statement.endIndex, lineEnd).trim();
  if (rest !== '' && !rest.startsWith('#')) return null;
  const block = statement.parent;
  const siblings = block?.namedChildren.filter((c) => c && c.type !== 'comment') ?? [];
  if (block?.type !== 'block' || siblings.length <= 1) {
    return { start: statement.startIndex, end: statement.endIndex, text: 'pass' };
  }
  // From the line break before the statement to its line end, so no blank line remains.
  const before = source[lineStart - 2] === '\r' ? lineStart - 2 : lineStart - 1;
  return before < 0 ? null : { start: before, end: lineEnd, text: '' };
}

function statementDeletions(ctx: EditContext): Edit[] {
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    if (!DELETABLE.has(node.type)) continue;
    if (node.type === 'expression_statement' && node.namedChildren[0]?.type === 'string') continue; // docstring
    const splice = deletion(ctx.source, node);
    if (!splice) continue;
    const kind = node.type === 'break_statement' || node.type === 'continue_statement' ? 'break-continue' : 'delete-statement';
    const first = node.text.split('\n')[0]!;
    edits.push({
      kind,
      plausibility: 1,
      splices: [splice],
      summary: describeAt(lineOf(node), `delete \`${first.length > 48 ? `${first.slice(0, 47)}…` : first}\``),
    });
  }
  return edits;
}

/** break <-> continue; a `break` ending an if-block inside a loop, or in a new else branch. */
function loopExits(ctx: EditContext): Edit[] {
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    if (node.type === 'break_statement') edits.push(nodeEdit('break-continue', 0.7, node, 'continue'));
    else if (node.type === 'continue_statement') edits.push(nodeEdit('break-continue', 0.7, node, 'break'));
    else if (node.type === 'if_statement' && insideLoop(node)) edits.push(...addedBreaks(ctx.source, node));
  }
  return edits;
}

function addedBreaks(source: string, ifStatement: Node): Edit[] {
  const consequence = ifStatement.childForFieldName('consequence');
  const last = consequence?.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment').pop();
  if (!consequence || !last || last.startPosition.row === ifStatement.startPosition.row) return [];
  if (
    last.type === 'break_statement' ||
    last.type === 'continue_statement' ||
    last.type === 'return_statement' ||
    last.type === 'raise_statement'
  ) {
    return [];
  }
  const bodyIndent = indentationAt(source, last);
  const ifIndent = indentationAt(source, ifStatement);
  const edits: Edit[] = [
    {
      kind: 'break-continue',
      plausibility: 0.5,
      splices: [{ start: last.endIndex, end: last.endIndex, text: `\n${bodyIndent}break` }],
      summary: describeAt(lineOf(last) + 1, 'add `break`'),
      anchorLines: [lineOf(ifStatement), lineOf(last)],
    },
  ];
  const hasElse = ifStatement.namedChildren.some((c) => c?.type === 'else_clause' || c?.type === 'elif_clause');
  if (!hasElse) {
    edits.push({
      kind: 'break-continue',
      plausibility: 0.3,
      splices: [{ start: ifStatement.endIndex, end: ifStatement.endIndex, text: `\n${ifIndent}else:\n${bodyIndent}break` }],
      summary: describeAt(lineOf(ifStatement), 'add `else: break`'),
      anchorLines: [lineOf(ifStatement), lineOf(last)],
    });
  }
  return edits;
}

/** `if p is None: return None` / `if not p: return p` at the top of the function body. */
function guards(ctx: EditContext): Edit[] {
  const fn = ctx.owner;
  if (fn.type !== 'function_definition') return [];
  const body = fn.childForFieldName('body');
  const statements = body?.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment') ?? [];
  const docstring = statements[0]?.type === 'expression_statement' && statements[0].namedChildren[0]?.type === 'string';
  const anchor = statements[docstring ? 1 : 0];
  if (!body || !anchor || anchor.startPosition.row === fn.startPosition.row) return [];
  const indent = indentationAt(ctx.source, anchor);
  const step = indent.slice(indentationAt(ctx.source, fn).length) || '    ';
  const params = ownParameterNames(fn)
    .filter((p) => p !== ctx.scope.receiver)
    .slice(0, MAX_GUARDED_PARAMS);
  const edits: Edit[] = [];
  for (const param of params) {
    const uses = body
      .descendantsOfType('identifier')
      .filter((id): id is Node => !!id && id.text === param && identifierRole(id) === 'value')
      .map(lineOf);
    const anchorLines = uses.length > 0 ? uses : [lineOf(fn)];
    const guard = (condition: string, result: string, plausibility: number): Edit => ({
      kind: 'missing-guard',
      plausibility,
      splices: [
        { start: anchor.startIndex, end: anchor.startIndex, text: `if ${condition}:\n${indent}${step}return ${result}\n${indent}` },
      ],
      summary: describeAt(lineOf(anchor), `add guard \`if ${condition}: return ${result}\``),
      anchorLines,
    });
    // With locals from the failure, a parameter that was None is the one worth guarding.
    const evidence = ctx.noneNames === null ? 0.5 : ctx.noneNames.has(param) ? 1 : 0.1;
    edits.push(guard(`${param} is None`, 'None', evidence), guard(`not ${param}`, param, 0.8 * evidence));
  }
  return edits;
}

export function controlEdits(ctx: EditContext): Edit[] {
  return [...statementDeletions(ctx), ...loopExits(ctx), ...guards(ctx)];
}
