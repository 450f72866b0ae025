import type { Node } from '../../syntax/parser';
import { describeChange, lineOf, nameSimilarity, nodeEdit, styleOf, type Edit, type EditContext } from './edit';
import { identifierRole, type Scope } from '../../syntax/scope';

// Misnamed things: a variable for another in-scope name, a member for a similarly named one
// (self.result for self._result), a forgotten or extra receiver (x for self.x), and dot vs
// bracket access (x.k for x['k']).

// Alternatives per site beyond which the rest are not worth their validation time.
const MAX_ALTERNATIVES = 8;

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('_')
    .filter(Boolean);
}

/**
 * How much `to` looks like a slip for `from`: similar spelling, a shared word (a / root_a),
 * both index-like (i / j), same naming style (BLACK / GRAY), not known to hold different kinds.
 */
function affinity(from: string, to: string, scope: Scope): number {
  const shortNames = from.length <= 2 && to.length <= 2 ? 0.25 : 0;
  const sharedWord = words(from).some((w) => words(to).includes(w)) ? 0.4 : 0;
  const spelling = Math.min(1, 0.5 + 0.5 * nameSimilarity(from, to) + shortNames + sharedWord);
  const style = styleOf(from) === styleOf(to) ? 1 : 0.5;
  const [a, b] = [scope.kindOf(from), scope.kindOf(to)];
  return spelling * style * (a && b && a !== b ? 0.3 : 1);
}

/**
 * Plausibility per alternative: the site's share split by affinity, scaled up a little (capped
 * at 1) because the best of a few alternatives is nearly as likely as a lone operator swap.
 */
function shares(from: string, alternatives: string[], scope: Scope): number[] {
  const weights = alternatives.map((to) => affinity(from, to, scope));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.min(1, (1.5 * w) / total));
}

function best(edits: Edit[]): Edit[] {
  return edits.sort((a, b) => b.plausibility - a.plausibility).slice(0, MAX_ALTERNATIVES);
}

function misusable(node: Node, scope: Scope): boolean {
  const role = identifierRole(node);
  return (role === 'value' || role === 'target') && node.text !== scope.receiver;
}

/** Substitutes for one identifier; `sitesOnLine` identifiers on its line share the prior. */
function variableMisuse(node: Node, scope: Scope, sitesOnLine: number): Edit[] {
  const role = identifierRole(node);
  const pool = role === 'target' ? [...scope.params, ...scope.locals] : [...scope.params, ...scope.locals, ...scope.values];
  const names = [...new Set(pool)].filter((n) => n !== node.text && n !== scope.receiver);
  // A wrong assignment target is rarer than a wrong read.
  const siteWeight = (role === 'target' ? 0.5 : 1) / Math.sqrt(sitesOnLine);
  const plausibility = shares(node.text, names, scope);
  return best(names.map((name, i) => nodeEdit('variable-misuse', siteWeight * plausibility[i]!, node, name)));
}

/** `x` -> `self.x` when the class has that member; `self.x` -> `x` when x is a local name. */
function receiverEdits(node: Node, scope: Scope): Edit[] {
  const receiver = scope.receiver;
  if (!receiver) return [];
  const members = scope.attributesByObject.get(receiver);
  if (node.type === 'identifier' && identifierRole(node) === 'value' && members?.has(node.text)) {
    return [nodeEdit('attribute-misuse', 1, node, `${receiver}.${node.text}`)];
  }
  if (node.type === 'attribute' && node.childForFieldName('object')?.text === receiver) {
    const name = node.childForFieldName('attribute')?.text;
    if (name && (scope.params.includes(name) || scope.locals.includes(name))) return [nodeEdit('attribute-misuse', 0.7, node, name)];
  }
  return [];
}

/** result ~ _result ~ Result; get_key ~ get_value (one word of several differs). */
function similarMembers(a: string, b: string): boolean {
  const bare = (s: string) => s.replace(/_/g, '').toLowerCase();
  if (bare(a) === bare(b)) return true;
  const wa = a.split('_').filter(Boolean);
  const wb = b.split('_').filter(Boolean);
  if (wa.length > 1 && wa.length === wb.length && wa.filter((w, i) => w !== wb[i]).length === 1) return true;
  return nameSimilarity(a, b) >= 0.6;
}

function attributeMisuse(node: Node, scope: Scope): Edit[] {
  const object = node.childForFieldName('object');
  const name = node.childForFieldName('attribute');
  if (!object || !name) return [];
  const called = node.parent?.type === 'call' && node.parent.childForFieldName('function')?.id === node.id;
  const fitsUse = (member: string) => scope.methods.has(member) === called;
  const sameObject = [...(scope.attributesByObject.get(object.text) ?? [])].filter((m) => m !== name.text && fitsUse(m));
  const elsewhere = [...scope.attributes].filter(
    (m) => m !== name.text && !sameObject.includes(m) && fitsUse(m) && similarMembers(name.text, m),
  );
  // Members of the same object are the usual slip; similar names elsewhere come next.
  const alternatives = [...sameObject, ...elsewhere];
  const plausibility = shares(name.text, alternatives, scope);
  const edits = alternatives.map((m, i) => {
    const discount = i < sameObject.length ? (similarMembers(name.text, m) ? 1 : 0.6) : 0.7;
    const edit = nodeEdit('attribute-misuse', discount * plausibility[i]!, name, m);
    return { ...edit, summary: describeChange(lineOf(node), node.text, `${object.text}.${m}`) };
  });
  return best(edits);
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function dotBracket(node: Node, scope: Scope): Edit[] {
  if (node.type === 'attribute') {
    const object = node.childForFieldName('object');
    const name = node.childForFieldName('attribute');
    const called = node.parent?.type === 'call' && node.parent.childForFieldName('function')?.id === node.id;
    if (!object || !name || called || object.text === scope.receiver) return [];
    return [nodeEdit('dot-bracket', 1, node, `${object.text}['${name.text}']`)];
  }
  if (node.type === 'subscript') {
    const value = node.childForFieldName('value');
    const keys = node.childrenForFieldName('subscript');
    const key = keys.length === 1 ? keys[0]! : null;
    if (!value || key?.type !== 'string') return [];
    const content = key.text.slice(1, -1);
    if (!/^['"]/.test(key.text) || !IDENTIFIER.test(content)) return [];
    return [nodeEdit('dot-bracket', 1, node, `${value.text}.${content}`)];
  }
  return [];
}

export function nameEdits(ctx: EditContext): Edit[] {
  const sites = ctx.nodes.filter((n) => n.type === 'identifier' && misusable(n, ctx.scope));
  const sitesPerLine = new Map<number, number>();
  for (const site of sites) sitesPerLine.set(lineOf(site), (sitesPerLine.get(lineOf(site)) ?? 0) + 1);
  const edits: Edit[] = [];
  for (const site of sites) edits.push(...variableMisuse(site, ctx.scope, sitesPerLine.get(lineOf(site))!));
  for (const node of ctx.nodes) {
    if (node.type === 'attribute') edits.push(...attributeMisuse(node, ctx.scope));
    edits.push(...receiverEdits(node, ctx.scope), ...dotBracket(node, ctx.scope));
  }
  return edits;
}
