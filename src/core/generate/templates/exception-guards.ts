import type { Node } from '../../syntax/parser';
import { calleeName, describeAt, indentationAt, lineOf, nodeEdit, type Edit, type EditContext, type RaiseSite } from './edit';
import { enclosingFunction, identifierRole, ownParameterNames } from '../../syntax/scope';
import { NESTED_SCOPES, enclosingLoops } from './statements';

// A missing guard the exception points at: the failing tests raised inside the suspect (an
// IndexError on an empty list, a ZeroDivisionError, an AttributeError or TypeError on None, a
// KeyError, max() of nothing, int('')), and the code should have handled that input before the
// statement that raised. The exception and the frame's locals say what to test; what the guard
// does comes from the function itself: a value its docstring names ("0.0 for an empty list",
// "None when..."), a parameter meant as the fallback, the empty value of what the function
// returns elsewhere, or None; inside a loop, skipping the item.

/** Subjects guarded per raising statement. */
const MAX_SUBJECTS = 3;
/** Values a guard may return. */
const MAX_RESULTS = 5;
/** Literal-looking snippets taken from a docstring. */
const MAX_DOCSTRING_LITERALS = 4;

const DIVISIONS = new Set(['/', '//', '%']);
const EMPTY_REPRS = new Set(['[]', "''", '""', '{}', '()', 'set()', '0', '0.0', 'None', 'b""', "b''"]);
const STRING_METHODS = new Set(['lower', 'upper', 'strip', 'lstrip', 'rstrip', 'title', 'capitalize', 'join', 'format', 'replace']);
const FALLBACK_PARAMETER = /default|fallback|otherwise/i;

/** A test the guard makes, with how strongly the failure points at it. */
interface Condition {
  text: string;
  plausibility: number;
}

/** The smallest statement of the function's own code that holds the line. */
function statementAt(fn: Node, line: number): Node | null {
  let found: Node | null = null;
  const visit = (node: Node): void => {
    for (const child of node.namedChildren) {
      // A nested function's lines are its own: no statement of this function holds them.
      if (!child || NESTED_SCOPES.has(child.type)) continue;
      if (lineOf(child) > line || child.endPosition.row + 1 < line) continue;
      if (child.parent?.type === 'block' && child.type !== 'comment') found = child;
      visit(child);
    }
  };
  visit(fn.childForFieldName('body') ?? fn);
  return found;
}

/** The part of a statement that runs before its body: all of a simple statement, a compound one's header. */
function headerNodes(statement: Node, line: number): Node[] {
  const body = statement.childForFieldName('body') ?? statement.childForFieldName('consequence');
  const all = statement.descendantsOfType(['subscript', 'binary_operator', 'attribute', 'call', 'augmented_assignment', 'identifier']);
  return all.filter((n): n is Node => !!n && lineOf(n) === line && (!body || n.endIndex <= body.startIndex));
}

function firstArgument(call: Node): Node | null {
  return call.childForFieldName('arguments')?.namedChildren.find((c) => c && c.type !== 'keyword_argument') ?? null;
}

/** Which expressions of the raising line the exception points at, and how to test each. */
function conditionsFor(site: RaiseSite, nodes: Node[]): Condition[] {
  const locals = site.locals ?? {};
  const reprOf = (node: Node): string | undefined => (node.type === 'identifier' ? locals[node.text] : undefined);
  // Locals that held None or an empty value confirm a subject; with locals known, others are doubtful.
  const evidence = (node: Node | null, fits: (repr: string) => boolean): number => {
    if (!node) return 0;
    const repr = reprOf(node);
    if (repr === undefined) return site.locals && node.type === 'identifier' ? 0.3 : 0.6;
    return fits(repr) ? 1 : 0.1;
  };
  const empty = (repr: string): boolean => EMPTY_REPRS.has(repr) || /^(?:dict_\w+|odict_\w+)\(\[\]\)$/.test(repr);
  const conditions: Condition[] = [];
  const add = (subject: Node | null | undefined, text: (s: string) => string, plausibility: number): void => {
    if (subject && plausibility > 0) conditions.push({ text: text(subject.text), plausibility });
  };
  const noneMessage = /NoneType/.test(site.message);
  for (const node of nodes) {
    switch (site.exception) {
      case 'ZeroDivisionError':
        if (node.type === 'binary_operator' && DIVISIONS.has(node.childForFieldName('operator')?.text ?? '')) {
          const divisor = node.childForFieldName('right');
          const counted = divisor && calleeName(divisor) === 'len' ? firstArgument(divisor) : null;
          // len(xs) as the divisor: the idiomatic test is on xs itself.
          if (counted) add(counted, (xs) => `not ${xs}`, Math.min(1, evidence(counted, empty) + 0.1));
          add(
            divisor,
            (d) => `${d} == 0`,
            evidence(divisor, (r) => r === '0' || r === '0.0'),
          );
        }
        break;
      case 'IndexError':
        if (node.type === 'subscript') {
          const value = node.childForFieldName('value');
          add(value, (v) => `not ${v}`, evidence(value, empty));
        }
        break;
      case 'KeyError':
        if (node.type === 'subscript') {
          const [value, key] = [node.childForFieldName('value'), node.childrenForFieldName('subscript')[0]];
          if (value && key) add(key, (k) => `${k} not in ${value.text}`, 1);
        }
        break;
      case 'AttributeError':
        if (noneMessage && node.type === 'attribute') {
          const object = node.childForFieldName('object');
          add(
            object,
            (o) => `${o} is None`,
            evidence(object, (r) => r === 'None'),
          );
        }
        break;
      case 'TypeError':
        if (!noneMessage) break;
        if (node.type === 'binary_operator') {
          for (const side of ['left', 'right']) {
            const operand = node.childForFieldName(side);
            add(
              operand,
              (o) => `${o} is None`,
              evidence(operand, (r) => r === 'None'),
            );
          }
        } else if (node.type === 'augmented_assignment') {
          const right = node.childForFieldName('right');
          add(
            right,
            (o) => `${o} is None`,
            evidence(right, (r) => r === 'None'),
          );
        } else if (node.type === 'subscript') {
          const value = node.childForFieldName('value');
          add(
            value,
            (v) => `${v} is None`,
            evidence(value, (r) => r === 'None'),
          );
        }
        break;
      case 'ValueError':
        if (['max', 'min', 'int', 'float'].includes(calleeName(node) ?? '')) {
          const argument = firstArgument(node);
          add(argument, (a) => `not ${a}`, /empty|invalid literal|could not convert/.test(site.message) ? 1 : 0.3);
        }
        break;
    }
    // Whatever the exception, a name the frame showed as None or empty is worth testing.
    if (node.type === 'identifier' && identifierRole(node) === 'value') {
      const repr = reprOf(node);
      if (repr === 'None') add(node, (n) => `${n} is None`, 0.5);
      else if (repr !== undefined && empty(repr)) add(node, (n) => `not ${n}`, 0.4);
    }
  }
  const unique = new Map<string, Condition>();
  for (const condition of conditions) {
    const seen = unique.get(condition.text);
    if (!seen || seen.plausibility < condition.plausibility) unique.set(condition.text, condition);
  }
  return [...unique.values()].sort((a, b) => b.plausibility - a.plausibility).slice(0, MAX_SUBJECTS);
}

const LITERAL_SNIPPET =
  /\bNone\b|\bTrue\b|\bFalse\b|'[^'\n]*'|"[^"\n]*"|\((?:[^()\n]|\(\))*\)|\[[^[\]\n]*\]|\{[^{}\n]*\}|(?<![\w.])-?\d+(?:\.\d+)?(?![\w.]*\w)/g;
const LITERAL_PART = /'[^'\n]*'|"[^"\n]*"|\bNone\b|\bTrue\b|\bFalse\b|-?\d+(?:\.\d+)?|[\s,()[\]{}]/g;

// Words that tie a literal in a docstring to a case: "0.0 for an empty list", "None when...",
// "or None", "the default port 80".
const CASE_AFTER = /^\W{0,3}(?:for|when|if|without|unless|on an?|in case)\b/i;
const CASE_BEFORE = /\b(?:or|else|otherwise|default(?: \w+)?|returns?|gives?)\W{0,3}$/i;
const CASE_WINDOW = 16;

/**
 * Python literals a docstring names as results ("0.0 for...", "('', []) when blank"), those
 * next to a word of a case first, each with its plausibility.
 */
function docstringLiterals(fn: Node): Array<{ text: string; plausibility: number }> {
  const first = fn.childForFieldName('body')?.namedChildren.find((c) => c && c.type !== 'comment');
  const string = first?.type === 'expression_statement' ? first.namedChildren[0] : null;
  if (string?.type !== 'string') return [];
  const text = string.text.replace(/^[rRuUbBfF]*("""|'''|"|')/, '').replace(/("""|'''|"|')$/, '');
  const found = new Map<string, number>();
  for (const match of text.matchAll(LITERAL_SNIPPET)) {
    let literal = match[0];
    if (/^[([{]/.test(literal)) {
      // A bracketed group counts only when it is made of literals alone: "(r, c)" is prose.
      if (literal.replace(LITERAL_PART, '') !== '') continue;
      if (literal.startsWith('(') && !literal.includes(',') && literal !== '()') literal = literal.slice(1, -1).trim();
    }
    const before = text.slice(Math.max(0, match.index - CASE_WINDOW), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + CASE_WINDOW);
    const plausibility = CASE_AFTER.test(after) || CASE_BEFORE.test(before) ? 1 : 0.5;
    if (literal && (found.get(literal) ?? 0) < plausibility) found.set(literal, plausibility);
  }
  return [...found]
    .map(([literal, plausibility]) => ({ text: literal, plausibility }))
    .sort((a, b) => b.plausibility - a.plausibility)
    .slice(0, MAX_DOCSTRING_LITERALS);
}

/** The empty value of the kind an expression returns, when its shape says so. */
function emptyOf(node: Node): string | null {
  switch (node.type) {
    case 'string':
    case 'concatenated_string':
      return '""';
    case 'list':
    case 'list_comprehension':
      return '[]';
    case 'dictionary':
    case 'dictionary_comprehension':
      return '{}';
    case 'set':
    case 'set_comprehension':
      return 'set()';
    case 'integer':
      return '0';
    case 'float':
      return '0.0';
    case 'true':
    case 'false':
    case 'comparison_operator':
    case 'boolean_operator':
    case 'not_operator':
      return 'False';
    case 'parenthesized_expression':
      return node.namedChildren[0] ? emptyOf(node.namedChildren[0]) : null;
    case 'binary_operator': {
      const operator = node.childForFieldName('operator')?.text;
      if (operator === '/') return '0.0';
      if (!['+', '-', '*', '//', '%', '**'].includes(operator ?? '')) return null;
      const left = node.childForFieldName('left');
      return (left && emptyOf(left)) ?? '0';
    }
    case 'subscript':
      return node.childrenForFieldName('subscript').some((s) => s?.type === 'slice') ? '[]' : null;
    case 'call': {
      const callee = node.childForFieldName('function');
      const name =
        callee?.type === 'identifier' ? callee.text : callee?.type === 'attribute' ? callee.childForFieldName('attribute')?.text : null;
      if (callee?.type === 'attribute' && STRING_METHODS.has(name ?? '')) return '""';
      switch (name) {
        case 'str':
          return '""';
        case 'list':
        case 'sorted':
          return '[]';
        case 'dict':
          return '{}';
        case 'set':
          return 'set()';
        case 'len':
        case 'int':
        case 'sum':
          return '0';
        case 'float':
          return '0.0';
        case 'round':
          return (node.childForFieldName('arguments')?.namedChildren.length ?? 0) > 1 ? '0.0' : '0';
        default:
          return null;
      }
    }
    default:
      return null;
  }
}

/** Empty values shaped like what the function returns elsewhere: ("", []) for `return a.lower(), b[1:]`. */
function emptyResults(fn: Node): string[] {
  const results: string[] = [];
  for (const statement of fn.descendantsOfType('return_statement')) {
    if (!statement || enclosingFunction(statement)?.id !== fn.id) continue;
    const value = statement.namedChildren[0];
    if (!value) continue;
    const parts = value.type === 'expression_list' || value.type === 'tuple' ? value.namedChildren : null;
    const empty = parts ? parts.map((p) => (p ? emptyOf(p) : null)) : [emptyOf(value)];
    if (empty.some((e) => e === null)) continue;
    const text = parts ? `${empty.join(', ')}` : empty[0]!;
    if (!results.includes(text)) results.push(text);
  }
  return results;
}

/** The quote the function's own strings use most (its docstring aside). */
function preferredQuote(fn: Node): '"' | "'" {
  const strings = fn.descendantsOfType('string').filter((n): n is Node => !!n && n.parent?.type !== 'expression_statement');
  const single = strings.filter((n) => /^[rRbBuUfF]*'/.test(n.text)).length;
  return single > strings.length - single ? "'" : '"';
}

/** A docstring's string literals written with the code's quote where that changes nothing else. */
function inQuotes(literal: string, quote: '"' | "'"): string {
  return literal.replace(
    /'([^'"\\\n]*)'|"([^'"\\\n]*)"/g,
    (_, a: string | undefined, b: string | undefined) => `${quote}${a ?? b}${quote}`,
  );
}

/** What a guard may return, most likely first, with its plausibility. */
function resultsFor(fn: Node, receiver: string | null): Array<{ text: string; plausibility: number }> {
  const results = new Map<string, number>();
  const add = (text: string, plausibility: number): void => {
    if (!results.has(text)) results.set(text, plausibility);
  };
  const quote = preferredQuote(fn);
  for (const literal of docstringLiterals(fn)) add(inQuotes(literal.text, quote), literal.plausibility);
  const params = ownParameterNames(fn).filter((p) => p !== receiver);
  for (const param of params) if (FALLBACK_PARAMETER.test(param)) add(param, 0.9);
  for (const empty of emptyResults(fn)) add(empty, 0.6);
  add('None', 0.5);
  // The input handed back unchanged ("unknown words come back unchanged").
  for (const param of params) add(param, 0.3);
  return [...results]
    .map(([text, plausibility]) => ({ text, plausibility }))
    .sort((a, b) => b.plausibility - a.plausibility)
    .slice(0, MAX_RESULTS);
}

/** `d[k]` that raised KeyError as `d.get(k, default)`: the lookup that has a fallback. */
function defaultLookups(nodes: Node[], results: Array<{ text: string; plausibility: number }>, where: number): Edit[] {
  const edits: Edit[] = [];
  for (const node of nodes) {
    const [value, key] = [node.childForFieldName('value'), node.childrenForFieldName('subscript')];
    if (node.type !== 'subscript' || !value || key.length !== 1 || key[0]!.type === 'slice' || identifierRole(node) !== 'value') continue;
    for (const result of results) {
      const text = `${value.text}.get(${key[0]!.text}${result.text === 'None' ? '' : `, ${result.text}`})`;
      edits.push({ ...nodeEdit('exception-guard', where * result.plausibility, node, text), anchorLines: [lineOf(node)] });
    }
  }
  return edits;
}

export function exceptionGuardEdits(ctx: EditContext): Edit[] {
  const fn = ctx.owner;
  if (fn.type !== 'function_definition' || ctx.raised.length === 0) return [];
  const results = resultsFor(fn, ctx.scope.receiver);
  const firstStatement = fn.childForFieldName('body')?.namedChildren.find((c) => c && c.type !== 'comment');
  // One level of the function's own indentation.
  const step = (firstStatement && indentationAt(ctx.source, firstStatement).slice(indentationAt(ctx.source, fn).length)) || '    ';
  const edits: Edit[] = [];
  for (const site of ctx.raised) {
    const statement = statementAt(fn, site.line);
    if (!statement) continue;
    const indent = indentationAt(ctx.source, statement);
    const exits = [
      ...(enclosingLoops(statement, fn).length > 0 ? [{ text: 'continue', plausibility: 1 }] : []),
      ...results.map((r) => ({ text: `return ${r.text}`, plausibility: r.plausibility })),
    ];
    // The raise site itself is the likeliest place; a frame that only passed the exception on, less.
    const where = site.innermost ? 1 : 0.5;
    const nodes = headerNodes(statement, site.line);
    if (site.exception === 'KeyError') edits.push(...defaultLookups(nodes, results, where));
    for (const condition of conditionsFor(site, nodes)) {
      for (const exit of exits) {
        const text = `if ${condition.text}:\n${indent}${step}${exit.text}\n${indent}`;
        edits.push({
          kind: 'exception-guard',
          plausibility: where * condition.plausibility * exit.plausibility,
          splices: [{ start: statement.startIndex, end: statement.startIndex, text }],
          summary: describeAt(lineOf(statement), `add guard \`if ${condition.text}: ${exit.text}\` (${site.exception})`),
          anchorLines: [site.line],
        });
      }
    }
  }
  // Failing tests that raised at the same line propose the same edits: the first of each stays.
  const seen = new Set<string>();
  return edits.filter((edit) => {
    const key = edit.splices.map((s) => `${s.start}:${s.end}:${s.text}`).join('|');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
