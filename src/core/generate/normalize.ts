// Normalized Python code: the form in which two texts count as "the same edit". Comments,
// blank lines, line continuations and spacing between tokens are dropped; indentation is kept
// as nesting depth only, because in Python it is structure. String literals are kept verbatim
// except for the leading whitespace of their continuation lines (re-indented docstrings).
// Purely lexical and synchronous so it can run on every candidate cheaply.

const WORD = /[\p{L}\p{N}_]/u;
const STRING_PREFIX = /^(?:[rRbBuUfF]|[rR][bBfF]|[bBfF][rR])$/;

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && WORD.test(ch);
}

function indentWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    if (ch === ' ') width += 1;
    else if (ch === '\t') width += 8 - (width % 8);
    else if (ch === '\f') width = 0;
    else break;
  }
  return width;
}

/** Normalized form of Python source text; equal outputs mean the same code. */
export function normalizeCode(text: string): string {
  const src = text.replace(/\r\n?/g, '\n');
  const out: string[] = [];
  // Indentation widths of the open blocks; the first line sets the base, so a method and the
  // same code at top level normalize alike.
  const indents: number[] = [];
  let line = '';
  let lineIndent = 0;
  let depth = 0; // open brackets: newlines inside them do not end the logical line
  let pendingSpace = false;
  let atLineStart = true;
  let i = 0;

  const emit = (token: string): void => {
    if (pendingSpace && isWordChar(line[line.length - 1]) && isWordChar(token[0])) line += ' ';
    pendingSpace = false;
    line += token;
  };
  const endLogicalLine = (): void => {
    if (line.length > 0) {
      while (indents.length > 1 && lineIndent < indents[indents.length - 1]!) indents.pop();
      if (indents.length === 0 || lineIndent > indents[indents.length - 1]!) indents.push(lineIndent);
      out.push(' '.repeat(indents.length - 1) + line);
    }
    line = '';
    depth = 0;
    pendingSpace = false;
    atLineStart = true;
  };

  while (i < src.length) {
    if (atLineStart) {
      const end = src.indexOf('\n', i);
      const physical = src.slice(i, end < 0 ? src.length : end);
      const rest = physical.trimStart();
      if (rest === '' || rest.startsWith('#')) {
        i = end < 0 ? src.length : end + 1;
        continue;
      }
      lineIndent = indentWidth(physical);
      i += physical.length - rest.length;
      atLineStart = false;
      continue;
    }
    const ch = src[i]!;
    if (ch === '\n') {
      i++;
      if (depth > 0) pendingSpace = true;
      else endLogicalLine();
    } else if (ch === '\\' && src[i + 1] === '\n') {
      i += 2;
      pendingSpace = true;
    } else if (ch === ' ' || ch === '\t' || ch === '\f' || ch === '\r') {
      i++;
      pendingSpace = true;
    } else if (ch === '#') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (ch === '"' || ch === "'") {
      const end = stringEnd(src, i);
      emit(normalizeStringBody(src.slice(i, end)));
      i = end;
    } else if (isWordChar(ch)) {
      let j = i;
      while (j < src.length && isWordChar(src[j])) j++;
      const word = src.slice(i, j);
      if ((src[j] === '"' || src[j] === "'") && STRING_PREFIX.test(word)) {
        const end = stringEnd(src, j);
        emit(word + normalizeStringBody(src.slice(j, end)));
        i = end;
      } else {
        emit(word);
        i = j;
      }
    } else {
      if (ch === '(' || ch === '[' || ch === '{') depth++;
      else if ((ch === ')' || ch === ']' || ch === '}') && depth > 0) depth--;
      emit(ch);
      i++;
    }
  }
  endLogicalLine();
  return out.join('\n');
}

/** Index just past the string literal whose opening quote is at `start`. */
function stringEnd(src: string, start: number): number {
  const quote = src[start]!;
  const triple = src.startsWith(quote.repeat(3), start);
  const closing = triple ? quote.repeat(3) : quote;
  let i = start + closing.length;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '\\') {
      i += 2;
    } else if (src.startsWith(closing, i)) {
      return i + closing.length;
    } else if (ch === '\n' && !triple) {
      return i; // unterminated single-quoted string: stop at the line end
    } else {
      i++;
    }
  }
  return src.length;
}

function normalizeStringBody(literal: string): string {
  return literal.includes('\n') ? literal.replace(/[ \t]*\n[ \t]*/g, '\n') : literal;
}
