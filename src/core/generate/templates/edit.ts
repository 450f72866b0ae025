import type { Node } from '../../syntax/parser';
import type { LocalType } from '../../types';
import type { EditKind } from './priors';
import type { Scope } from '../../syntax/scope';

// The vocabulary every template family shares: a family looks at the syntax tree of one
// suspect region and proposes edits, each a set of text splices at node positions plus a
// plausibility. Families never see suspiciousness; the index multiplies that in.

/** Replace source[start, end) by text. Offsets are JavaScript string indices into the file. */
export interface Splice {
  start: number;
  end: number;
  text: string;
}

export interface Edit {
  kind: EditKind;
  /** How plausible this alternative is among those at the same site, in (0, 1]. */
  plausibility: number;
  splices: Splice[];
  /** One line for humans, e.g. "line 12: `<` → `<=`". */
  summary: string;
  /** Lines whose suspiciousness this edit inherits; default: the lines its splices touch. */
  anchorLines?: number[];
}

/** What a family sees: the region's nodes and the names around them. */
export interface EditContext {
  source: string;
  /** Every named node inside the suspect region, in document order. */
  nodes: Node[];
  /** The function (or module) node containing the region. */
  owner: Node;
  scope: Scope;
  /** Names the failing tests' frames in this region showed as None; null when no locals are known. */
  noneNames: Set<string> | null;
  /** Where the failing tests' exceptions left this region, one per failing test at most. */
  raised: RaiseSite[];
  /** What the failing runs showed names of the region to hold: its frames' locals, the tests' arguments; empty when unknown. */
  types: Map<string, LocalType>;
  /** String and number literals of the failing tests: the values a wrong literal may have been meant to be. */
  testLiterals: TestLiteral[];
}

/** A literal of a failing test, as written there. */
export interface TestLiteral {
  text: string;
  kind: 'string' | 'number';
}

/** A line of the region an exception passed through on its way out of a failing test. */
export interface RaiseSite {
  line: number;
  /** The exception's class name, e.g. "IndexError". */
  exception: string;
  message: string;
  /** The frame's locals (bounded reprs); null when not recorded. */
  locals: Record<string, string> | null;
  /** Raised here (the failure's innermost workspace frame), not passed on from a call. */
  innermost: boolean;
}

export type EditFamily = (ctx: EditContext) => Edit[];

/** The splice that replaces a node's text. */
export function replaceNode(node: Node, text: string): Splice {
  return { start: node.startIndex, end: node.endIndex, text };
}

/** The callee's text of a call (`len`, `obj.get`); undefined for anything else. */
export function calleeName(call: Node | null): string | undefined {
  return call?.type === 'call' ? call.childForFieldName('function')?.text : undefined;
}

export function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}

const SNIPPET_MAX = 48;

function snippet(text: string): string {
  const oneLine = text.replace(/\s*\n\s*/g, ' ').trim();
  return oneLine.length > SNIPPET_MAX ? `${oneLine.slice(0, SNIPPET_MAX - 1)}…` : oneLine;
}

/** "line 12: `<` → `<=`" */
export function describeChange(line: number, before: string, after: string): string {
  return `line ${line}: \`${snippet(before)}\` → \`${snippet(after)}\``;
}

/** "line 12: <what>" */
export function describeAt(line: number, what: string): string {
  return `line ${line}: ${what}`;
}

/** The edit replacing one node, summarized as before → after. */
export function nodeEdit(kind: EditKind, plausibility: number, node: Node, text: string): Edit {
  return { kind, plausibility, splices: [replaceNode(node, text)], summary: describeChange(lineOf(node), node.text, text) };
}

/** The leading whitespace of the line a node starts on. */
export function indentationAt(source: string, node: Node): string {
  const lineStart = source.lastIndexOf('\n', node.startIndex - 1) + 1;
  return /^[ \t]*/.exec(source.slice(lineStart, node.startIndex))![0];
}

/** Operand text safe to embed in a binary arithmetic expression. */
export function asOperand(node: Node): string {
  return ATOMIC_OPERANDS.has(node.type) ? node.text : `(${node.text})`;
}

const ATOMIC_OPERANDS = new Set([
  'identifier',
  'integer',
  'float',
  'attribute',
  'subscript',
  'call',
  'parenthesized_expression',
  'list',
  'tuple',
  'dictionary',
  'set',
  'string',
  'true',
  'false',
  'none',
]);

/** CONSTANT, ClassName or plain_name: slips mostly stay within one style. */
export function styleOf(name: string): 'constant' | 'class' | 'plain' {
  if (/^[A-Z][A-Z0-9_]+$/.test(name)) return 'constant';
  return /^[A-Z]/.test(name) ? 'class' : 'plain';
}

/** Similarity of two names in [0, 1]: 1 - edit distance / longer length. */
export function nameSimilarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - editDistance(a, b) / longer;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}
