import type { Node } from '../syntax/parser';
import { constantsIn, functionNode, sitesIn, type ExpressionSite } from './sites';
import type { Constant } from './synthesize';
import type { Suspect } from '../types';

// The statements worth an angelic statement probe (statement-probe.ts), on the ranked lines of
// a suspect function: a one-line simple statement that may need a guard (`if C: stmt`), the
// first statement of a loop's body, before which the loop may need `if C: continue`, `break`
// or `return V`, and the first statement of the function's body, before which it may need
// `if C: return V`. Guards first, then loop tops, then the function's top; each with what the
// synthesizer needs (the statement's names, the function's literals) and the values an early
// return may give (the function's own literal results).

/** A new statement around or before a site: a guard, or an early exit under a condition. */
export type StatementEdit = 'guard' | 'continue' | 'break' | 'return';

export interface StatementSite extends ExpressionSite {
  /** What may be written here; `start..end` is the statement guarded, or the one an exit goes before. */
  edits: StatementEdit[];
  /** The statement's indentation, and one level more. */
  indent: string;
  step: string;
  /** The names the statement (and the loop's target, at a loop's top) use: their terms come first. */
  names: string[];
  constants: Constant[];
  /** The values an early return may give: the function's literal results, else None. */
  returns: string[];
}

const MAX_RETURNS = 2;
const LITERAL_RESULTS = new Set(['none', 'true', 'false', 'integer', 'float', 'string']);
const LOOPS = ['for_statement', 'while_statement'];

/** Up to `max` statement sites on the suspects' ranked lines: by suspect, then line score, then guards, loop tops, the function's top. */
export function statementSites(
  suspects: readonly Suspect[],
  readSource: (file: string) => Promise<string | null>,
  max: number,
): Promise<StatementSite[]> {
  return sitesIn(suspects, readSource, max, ({ suspect, source, region, root, scores, inside }) => {
    const found: { site: StatementSite; order: number }[] = [];
    for (const block of root.descendantsOfType('block')) {
      if (!block || !inside(block)) continue;
      const holder = block.parent;
      const loopTop = holder !== null && LOOPS.includes(holder.type) && holder.childForFieldName('body')?.id === block.id;
      const functionTop = holder?.type === 'function_definition';
      const statements = block.namedChildren.filter((n): n is Node => n !== null && n.type !== 'comment');
      const first = statements.find((n) => !isDocstring(n));
      for (const statement of statements) {
        const line = statement.startPosition.row + 1;
        const fn = functionNode(statement);
        const indent = source.slice(source.lastIndexOf('\n', statement.startIndex - 1) + 1, statement.startIndex);
        if (!fn || !/^[ \t]*$/.test(indent) || isDocstring(statement)) continue;
        const generator = fn.descendantsOfType('yield').length > 0;
        const atTop = statement.id === first?.id;
        const edits: StatementEdit[] = [];
        if (scores.has(line) && guardable(statement)) edits.push('guard');
        if (atTop && loopTop && (scores.has(line) || scores.has(holder.startPosition.row + 1))) {
          edits.push('continue', 'break');
          if (!generator) edits.push('return');
        }
        if (atTop && functionTop && scores.has(line) && !generator) edits.push('return');
        if (edits.length === 0) continue;
        const names = identifiers(statement);
        if (loopTop && atTop) names.unshift(...identifiers(holder.childForFieldName('left')));
        const site: StatementSite = {
          suspect,
          source,
          start: statement.startIndex,
          end: statement.endIndex,
          text: statement.text,
          line,
          region,
          edits,
          indent,
          step: indent.includes('\t') ? '\t' : '    ',
          names: [...new Set(names)],
          constants: constantsIn(fn),
          returns: returnsOf(fn, functionTop && atTop),
        };
        found.push({ site, order: edits[0] === 'guard' ? 0 : functionTop ? 2 : 1 });
      }
    }
    return found;
  });
}

function isDocstring(node: Node): boolean {
  return node.type === 'expression_statement' && node.namedChildCount === 1 && node.firstNamedChild?.type === 'string';
}

/** A simple statement on one line (an assignment, a call): one that a guard can take as it is. */
function guardable(statement: Node): boolean {
  return statement.type === 'expression_statement' && statement.startPosition.row === statement.endPosition.row;
}

function identifiers(node: Node | null): string[] {
  return (node?.descendantsOfType('identifier') ?? []).flatMap((id) => (id && id.parent?.type !== 'attribute' ? [id.text] : []));
}

/**
 * The function's literal results (`return None`, `return 0`, `return ''`), a bare `return` as
 * None; None when it has none; at the function's top, its first parameter too (a value that
 * needs no work is returned as it came).
 */
function returnsOf(fn: Node, top: boolean): string[] {
  const values: string[] = [];
  for (const node of fn.descendantsOfType('return_statement')) {
    if (!node || functionNode(node)?.id !== fn.id) continue;
    const value = node.firstNamedChild;
    const text = !value ? 'None' : LITERAL_RESULTS.has(value.type) || /^(\[\]|\{\}|\(\))$/.test(value.text) ? value.text : null;
    if (text !== null && !values.includes(text) && !text.includes('\n')) values.push(text);
  }
  if (!values.includes('None')) values.push('None');
  const literal = values.slice(0, MAX_RETURNS);
  const first = fn
    .childForFieldName('parameters')
    ?.namedChildren.find((p) => p?.type === 'identifier' && p.text !== 'self' && p.text !== 'cls')?.text;
  return top && first ? [...literal, first] : literal;
}
