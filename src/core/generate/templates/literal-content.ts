import type { Node } from '../../syntax/parser';
import { calleeName, lineOf, nodeEdit, type Edit, type EditContext } from './edit';
import { regexVariants } from './regex-edits';

// A literal whose content is slightly off: a separator, a character too many or too few, the
// wrong case (`b"Close"` for `b"close"`, `"&quot"` for `"&quot;"`); and a regular expression
// wrong by its syntax (regex-edits.ts). The characters tried are those the failing tests'
// own strings use, then the usual separators. Plain one-line literals only: no f-strings,
// no escapes outside raw strings.

/** Characters tried in a literal: the failing tests' punctuation first, then these, at most MAX_ALPHABET. */
const SEPARATORS = [',', ';', ':', '-', '_', '.', '/', ' ', '&', '#'];
const MAX_ALPHABET = 8;
/** Longer contents get only their case changed and a character added at either end. */
const MAX_EDITED_LENGTH = 24;
const REGEX_CALLEES = /^re\.(compile|match|search|fullmatch|findall|finditer|sub|subn|split)$/;

/** A string literal's parts: `r"a-b"` is prefix r, quote ", content a-b. */
export interface StringParts {
  prefix: string;
  quote: string;
  content: string;
}

export function stringParts(node: Node): StringParts | null {
  if (node.type !== 'string' || node.descendantsOfType('interpolation').length > 0) return null;
  const match = /^([rRbBuU]{0,2})(['"])(.*)\2$/s.exec(node.text);
  if (!match || match[3]!.includes('\n') || match[3]!.startsWith(match[2]!)) return null;
  const [, prefix, quote, content] = match as unknown as [string, string, string, string];
  if (content.includes('\\') && !/r/i.test(prefix)) return null;
  return { prefix, quote, content };
}

/** Whether the string is the pattern of a `re` call (`re.compile(r"...")`, `re.match(p, s)`). */
export function isRegexArgument(node: Node): boolean {
  const args = node.parent;
  return args?.type === 'argument_list' && args.namedChildren[0]?.id === node.id && REGEX_CALLEES.test(calleeName(args.parent) ?? '');
}

export function literalContentEdits(ctx: EditContext): Edit[] {
  const alphabet = alphabetOf(ctx);
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    const parts = stringParts(node);
    if (!parts || node.parent?.type === 'expression_statement') continue; // a docstring
    const text = (content: string): string | null =>
      content.includes(parts.quote) || (content.includes('\\') && !/r/i.test(parts.prefix))
        ? null
        : `${parts.prefix}${parts.quote}${content}${parts.quote}`;
    if (isRegexArgument(node)) {
      for (const variant of regexVariants(parts.content, alphabet)) {
        const replaced = text(variant.pattern);
        if (replaced)
          edits.push({
            ...nodeEdit('regex-edit', variant.plausibility, node, replaced),
            summary: `line ${lineOf(node)}: regular expression \`${parts.content}\` → \`${variant.pattern}\` (${variant.what})`,
          });
      }
      continue;
    }
    for (const { content, plausibility } of contentVariants(parts.content, alphabet)) {
      const replaced = text(content);
      if (replaced) edits.push(nodeEdit('literal-content', plausibility, node, replaced));
    }
  }
  return edits;
}

/** The characters a literal's edits use: the failing tests' non-alphanumeric ones first, then the usual separators. */
function alphabetOf(ctx: EditContext): string[] {
  const seen: string[] = [];
  for (const literal of ctx.testLiterals) {
    if (literal.kind !== 'string') continue;
    for (const ch of literal.text.replace(/^[rbuf]*(['"])(.*)\1$/is, '$2')) if (/[^\w\s'"\\]/.test(ch) && !seen.includes(ch)) seen.push(ch);
  }
  for (const ch of SEPARATORS) if (!seen.includes(ch)) seen.push(ch);
  return seen.slice(0, MAX_ALPHABET);
}

/** Small edits of a literal's content: its case, one separator for another, a character added at an end, one removed. */
function contentVariants(content: string, alphabet: readonly string[]): { content: string; plausibility: number }[] {
  const variants = new Map<string, number>();
  const add = (variant: string, plausibility: number): void => {
    if (variant !== content && !variants.has(variant)) variants.set(variant, plausibility);
  };
  if (/[a-z]/i.test(content)) {
    add(content.toLowerCase(), 0.6);
    add(content.toUpperCase(), 0.5);
    add(content.charAt(0).toUpperCase() + content.slice(1).toLowerCase(), 0.4);
  }
  if (content.length <= MAX_EDITED_LENGTH) {
    [...content].forEach((ch, i) => {
      if (/[a-z0-9]/i.test(ch)) return;
      for (const other of alphabet) add(content.slice(0, i) + other + content.slice(i + 1), 0.5);
    });
  }
  for (const ch of alphabet) {
    add(content + ch, 0.4);
    add(ch + content, 0.3);
  }
  if (content.length <= MAX_EDITED_LENGTH && content.length > 1) {
    [...content].forEach((ch, i) => add(content.slice(0, i) + content.slice(i + 1), /[a-z0-9]/i.test(ch) ? 0.2 : 0.35));
  }
  return [...variants].map(([variant, plausibility]) => ({ content: variant, plausibility }));
}
