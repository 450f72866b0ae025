import type { Node } from '../../syntax/parser';
import { nodeEdit, type Edit, type EditContext } from './edit';
import type { EditKind } from './priors';
import { siteOf, type Site } from '../../syntax/condition-sites';
import { identifierRole } from '../../syntax/scope';

// A condition missing a case or a check: widened with a disjunct (`cond or x is None`),
// narrowed with a conjunct (`cond and i < len(xs)`), or a constant test (`while True`) made a
// test of a name. Terms are built from the parameters and locals the condition and its block
// use; names the failing frames showed as None get their None tests first.

// Names per site whose terms are tried, nearest first.
const MAX_NAMES = 4;
// Alternatives per site beyond which the rest are not worth their validation time.
const MAX_PER_SITE = 12;
// `i < len(xs)` pairs per site.
const MAX_BOUNDS = 2;
// How much a name counts by where it is used: in the condition (in its block and just before: condition-sites.ts).
const IN_CONDITION = 1;

// Operands that would bind wrongly next to a bare `and`/`or`.
const LOOSE_BINDING = new Set(['conditional_expression', 'lambda', 'named_expression']);
const CONSTANTS = new Set(['true', 'false', 'integer', 'none']);

interface Name {
  name: string;
  proximity: number;
}

/** Parameters and locals used in the condition and around it, nearest first, with the None ones first of all. */
function nearNames(ctx: EditContext, site: Site): Name[] {
  const own = new Set([...ctx.scope.params, ...ctx.scope.locals].filter((n) => n !== ctx.scope.receiver));
  const found = new Map<string, number>();
  for (const [node, proximity] of [[site.condition, IN_CONDITION] as [Node, number], ...site.near]) {
    for (const id of node.descendantsOfType('identifier')) {
      if (!id || !own.has(id.text) || found.has(id.text)) continue;
      const role = identifierRole(id);
      if (role === 'value' || role === 'target') found.set(id.text, proximity);
    }
  }
  const none = (name: string): number => (ctx.noneNames?.has(name) ? 1 : 0);
  return [...found.entries()]
    .map(([name, proximity]) => ({ name, proximity }))
    .sort((a, b) => none(b.name) - none(a.name) || b.proximity - a.proximity)
    .slice(0, MAX_NAMES);
}

/** How a name's None tests and other tests weigh, given what the failing frames showed. */
function evidence(ctx: EditContext, name: string): { noneTest: number; other: number } {
  if (ctx.noneNames === null) return { noneTest: 0.5, other: 0.5 };
  if (ctx.noneNames.has(name)) return { noneTest: 1, other: 0.6 };
  // Frames were seen and this name was not None in them: its None tests are unlikely fixes.
  return { noneTest: 0.1, other: ctx.noneNames.size > 0 ? 0.2 : 0.5 };
}

interface Term {
  text: string;
  /** The names the term tests: it goes first when the condition uses them (a guard short-circuits). */
  names: string[];
  plausibility: number;
}

function widenings(ctx: EditContext, { name, proximity }: Name): Term[] {
  const { noneTest, other } = evidence(ctx, name);
  const number = ctx.scope.kindOf(name) === 'number';
  return [
    { text: `${name} is None`, names: [name], plausibility: proximity * noneTest },
    number
      ? { text: `${name} == 0`, names: [name], plausibility: proximity * other * 0.8 }
      : { text: `not ${name}`, names: [name], plausibility: proximity * other },
  ];
}

function narrowings(ctx: EditContext, { name, proximity }: Name): Term[] {
  const { noneTest, other } = evidence(ctx, name);
  const number = ctx.scope.kindOf(name) === 'number';
  return [
    { text: `${name} is not None`, names: [name], plausibility: proximity * noneTest },
    number
      ? { text: `${name} != 0`, names: [name], plausibility: proximity * other * 0.8 }
      : { text: name, names: [name], plausibility: proximity * other },
  ];
}

/** `i < len(xs)` for a number-like and a collection-like name near the condition: a missing bounds check. */
function bounds(ctx: EditContext, names: Name[]): Term[] {
  const numbers = names.filter((n) => ctx.scope.kindOf(n.name) === 'number');
  const collections = names.filter((n) => ctx.scope.kindOf(n.name) === 'collection');
  return numbers
    .flatMap((i) =>
      collections.map((xs) => ({
        text: `${i.name} < len(${xs.name})`,
        names: [i.name, xs.name],
        plausibility: Math.min(i.proximity, xs.proximity),
      })),
    )
    .slice(0, MAX_BOUNDS);
}

/** True when the condition is already a plain test of the name (`x`, `not x`, `x is None`...). */
function testsOnly(condition: Node, name: string): boolean {
  return new RegExp(`^(?:not\\s+)?${name}(?:\\s+is(?:\\s+not)?\\s+None)?$`).test(condition.text.trim());
}

function combined(condition: Node, operator: 'and' | 'or', term: Term): string {
  const loose =
    LOOSE_BINDING.has(condition.type) || (operator === 'and' && condition.type === 'boolean_operator' && condition.text.includes(' or '));
  const text = loose ? `(${condition.text})` : condition.text;
  const uses = new Set(condition.descendantsOfType('identifier').flatMap((id) => (id ? [id.text] : [])));
  return term.names.some((n) => uses.has(n)) ? `${term.text} ${operator} ${text}` : `${text} ${operator} ${term.text}`;
}

function extended(ctx: EditContext, site: Site): Edit[] {
  const names = nearNames(ctx, site);
  const edits: Edit[] = [];
  const add = (kind: EditKind, operator: 'and' | 'or', term: Term): void => {
    if (term.names.some((n) => testsOnly(site.condition, n))) return;
    // A bare name is often part of the condition (`xs[0] > 0`) and still worth testing first.
    if (term.text !== term.names[0] && site.condition.text.includes(term.text)) return;
    edits.push(nodeEdit(kind, term.plausibility, site.condition, combined(site.condition, operator, term)));
  };
  for (const name of names) {
    for (const term of widenings(ctx, name)) add('condition-widen', 'or', term);
    for (const term of narrowings(ctx, name)) add('condition-narrow', 'and', term);
  }
  for (const term of bounds(ctx, names)) add('condition-narrow', 'and', term);
  return edits.sort((a, b) => b.plausibility - a.plausibility).slice(0, MAX_PER_SITE);
}

/** `while True` → `while queue`, `if False` → `if items`: a constant where a test was meant. */
function madeReal(ctx: EditContext, site: Site): Edit[] {
  const always = site.condition.type === 'true' || (site.condition.type === 'integer' && site.condition.text !== '0');
  const kind: EditKind = always ? 'condition-narrow' : 'condition-widen';
  return nearNames(ctx, site).flatMap(({ name, proximity }) => {
    const { noneTest, other } = evidence(ctx, name);
    return [
      nodeEdit(kind, proximity * other, site.condition, name),
      nodeEdit(kind, proximity * noneTest * 0.8, site.condition, always ? `${name} is not None` : `${name} is None`),
    ];
  });
}

export function conditionEdits(ctx: EditContext): Edit[] {
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    const site = siteOf(node);
    if (!site) continue;
    edits.push(...(CONSTANTS.has(site.condition.type) ? madeReal(ctx, site) : extended(ctx, site)));
  }
  return edits;
}
