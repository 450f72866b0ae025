import { siteOf } from '../syntax/condition-sites';
import { lineEndOffset, lineStarts } from '../generate/lines';
import { parsePython, type Node } from '../syntax/parser';
import type { Suspect } from '../types';
import type { Constant } from './synthesize';

// The conditions worth an angelic probe: the test of an `if`, `elif`, `while` or conditional
// expression on a ranked line of a suspect function, most suspicious first, with what the
// synthesizer needs of the function around it (its literals, the condition's names); and the
// walk over the suspects' ranked lines that value sites (value-sites.ts) share.

/** An expression of a suspect function that a probe can take the place of. */
export interface ExpressionSite {
  suspect: Suspect;
  /** The whole file text. */
  source: string;
  /** Offsets of the expression in `source`. */
  start: number;
  end: number;
  text: string;
  line: number;
  /** Offsets of the function's lines (suspect.startLine..endLine) in `source`. */
  region: { start: number; end: number };
}

export interface ConditionSite extends ExpressionSite {
  /** The identifiers the condition uses. */
  names: string[];
  /** Literals of the function (and their neighbours, for integers) and the usual 0, 1, -1, ''. */
  constants: Constant[];
}

/** A suspect function's parse, for a site finder to look through. */
export interface SuspectTree {
  suspect: Suspect;
  source: string;
  region: { start: number; end: number };
  root: Node;
  /** The scores of the suspect's ranked lines. */
  scores: ReadonlyMap<number, number>;
  inside(node: Node): boolean;
}

const CONDITION_HOLDERS = ['if_statement', 'elif_clause', 'while_statement', 'conditional_expression'];
const USUAL: Constant[] = [
  { text: '0', value: 0 },
  { text: '1', value: 1 },
  { text: '-1', value: -1 },
  { text: "''", value: '' },
];
const MAX_CONSTANTS = 16;

/**
 * Up to `max` sites that `find` picks in each suspect function, by suspect, then by line
 * score, then by `order` (the finder's own ranking of sites on lines of one score: smaller first).
 */
export async function sitesIn<T extends ExpressionSite>(
  suspects: readonly Suspect[],
  readSource: (file: string) => Promise<string | null>,
  max: number,
  find: (tree: SuspectTree) => { site: T; order: number }[],
): Promise<T[]> {
  const sites: { site: T; rank: number; order: number; score: number }[] = [];
  for (const [rank, suspect] of suspects.entries()) {
    if (suspect.function === '<module>') continue;
    const source = await readSource(suspect.file);
    if (source === null) continue;
    const scores = new Map(suspect.lines.map((l) => [l.line, l.score]));
    const starts = lineStarts(source);
    const region = { start: starts[suspect.startLine - 1]!, end: lineEndOffset(source, starts, suspect.endLine) };
    const tree = await parsePython(source);
    try {
      const inside = (node: Node): boolean => node.startIndex >= region.start && node.endIndex <= region.end;
      for (const { site, order } of find({ suspect, source, region, root: tree.rootNode, scores, inside }))
        sites.push({ site, rank, order, score: scores.get(site.line) ?? 0 });
    } finally {
      tree.delete();
    }
  }
  sites.sort((a, b) => a.rank - b.rank || b.score - a.score || a.order - b.order);
  return sites.slice(0, max).map(({ site }) => site);
}

/** Up to `max` condition sites on the suspects' ranked lines: by suspect, then by line score. */
export function conditionSites(
  suspects: readonly Suspect[],
  readSource: (file: string) => Promise<string | null>,
  max: number,
): Promise<ConditionSite[]> {
  return sitesIn(suspects, readSource, max, ({ suspect, source, region, root, scores, inside }) => {
    const holders = root.descendantsOfType(CONDITION_HOLDERS).filter((n): n is Node => n !== null && inside(n));
    return holders.flatMap((holder) => {
      const condition = siteOf(holder)?.condition;
      const line = condition ? condition.startPosition.row + 1 : 0;
      if (!condition || !scores.has(line)) return [];
      const names = [...new Set(condition.descendantsOfType('identifier').flatMap((id) => (id ? [id.text] : [])))];
      const constants = constantsIn(functionNode(holder));
      const site = {
        suspect,
        source,
        start: condition.startIndex,
        end: condition.endIndex,
        text: condition.text,
        line,
        names,
        constants,
        region,
      };
      return [{ site, order: 0 }];
    });
  });
}

export function functionNode(node: Node): Node | null {
  for (let at: Node | null = node; at; at = at.parent) if (at.type === 'function_definition') return at;
  return null;
}

/** The function's plain literals: integers (with n-1 and n+1), floats, one-line strings without escapes or prefixes. */
export function constantsIn(fn: Node | null): Constant[] {
  const found: Constant[] = [];
  const add = (text: string, value: Constant['value']): void => {
    if (!found.some((c) => c.text === text)) found.push({ text, value });
  };
  for (const node of fn?.descendantsOfType(['integer', 'float', 'string']) ?? []) {
    if (!node) continue;
    const text = node.text;
    if (node.type === 'integer' && /^\d+$/.test(text)) {
      const n = Number(text);
      if (!Number.isSafeInteger(n)) continue;
      for (const value of [n, n - 1, n + 1]) add(String(value), value);
    } else if (node.type === 'float' && /^\d+\.\d+$/.test(text)) {
      add(text, Number(text));
    } else if (node.type === 'string' && /^(['"])[^'"\\\n]*\1$/.test(text)) {
      add(text, text.slice(1, -1));
    }
  }
  for (const stated of statedStrings(fn)) add(stated.text, stated.value);
  found.splice(MAX_CONSTANTS - USUAL.length);
  for (const usual of USUAL) add(usual.text, usual.value);
  return found;
}

/** Short strings the function's docstring and comments quote ('#', "END"): its specification's values (backquotes name code, not values). */
function statedStrings(fn: Node | null): Constant[] {
  const body = fn?.childForFieldName('body');
  const first = body?.namedChildren[0];
  const docstring =
    first?.type === 'expression_statement' && first.firstNamedChild?.type === 'string'
      ? first.text.replace(/^[a-z]*("""|'''|"|')/i, '').replace(/("""|'''|"|')$/, '')
      : '';
  const comments = (fn?.descendantsOfType('comment') ?? []).map((c) => c?.text ?? '');
  const found: Constant[] = [];
  for (const match of [docstring, ...comments].join('\n').matchAll(/(?<!\w)(['"])([^'"\\\n]{1,24})\1(?!\w)/g)) {
    const content = match[2]!;
    found.push({ text: `'${content}'`, value: content });
  }
  return found;
}
