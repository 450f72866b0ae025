// SentencePiece's BPE encoding, for tokenizer.json files converted from a SentencePiece BPE
// model with no pre-tokenizer (ours). transformers.js gives the same ids but runs BPE over a
// whole file's text in quadratic time (seconds for a skeleton); this is a heap-based merge,
// milliseconds for the same text. The algorithm is SentencePiece's: repeatedly merge the
// adjacent pair whose concatenation is the best-scored piece (lowest id), leftmost first;
// user-defined pieces are matched whole beforehand; unknown characters become UTF-8 bytes.

interface TokenizerJson {
  normalizer?: { type?: string; pattern?: { String?: string }; content?: string } | null;
  pre_tokenizer?: unknown;
  added_tokens?: { id: number; content: string; special: boolean }[];
  model?: { type?: string; byte_fallback?: boolean; vocab?: Record<string, number>; unk_token?: string };
}

const BYTE_PIECE = /^<0x([0-9A-F]{2})>$/;
const SPACE = '\u2581';

/** A min-heap of [priority, position] pairs. */
class PairHeap {
  private readonly items: [number, number][] = [];

  get size(): number {
    return this.items.length;
  }

  push(item: [number, number]): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): [number, number] {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let smallest = i;
        if (l < items.length && less(items[l]!, items[smallest]!)) smallest = l;
        if (r < items.length && less(items[r]!, items[smallest]!)) smallest = r;
        if (smallest === i) break;
        [items[i], items[smallest]] = [items[smallest]!, items[i]!];
        i = smallest;
      }
    }
    return top;
  }
}

function less(a: [number, number], b: [number, number]): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}

export class SentencePieceBpe {
  private readonly mergeable = new Map<string, number>();
  private readonly userDefined: RegExp | null;
  private readonly byteIds: number[] = [];
  private readonly pieces: string[] = [];
  private readonly special = new Set<number>();
  private readonly byteValue = new Map<number, number>();
  private readonly unkId: number;
  private readonly userIds: Map<string, number>;

  constructor(vocab: Record<string, number>, added: { id: number; content: string; special: boolean }[], unk: string) {
    const addedIds = new Set(added.map((token) => token.id));
    for (const [piece, id] of Object.entries(vocab)) {
      this.pieces[id] = piece;
      const byte = BYTE_PIECE.exec(piece);
      if (byte) {
        this.byteIds[parseInt(byte[1]!, 16)] = id;
        this.byteValue.set(id, parseInt(byte[1]!, 16));
      } else if (!addedIds.has(id)) {
        this.mergeable.set(piece, id);
      }
    }
    for (const token of added) if (token.special) this.special.add(token.id);
    const userPieces = added.filter((token) => !token.special).map((token) => token.content);
    // Longest first so a symbol that prefixes another does not win.
    userPieces.sort((a, b) => b.length - a.length);
    this.userDefined =
      userPieces.length > 0 ? new RegExp(userPieces.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g') : null;
    this.unkId = vocab[unk] ?? 0;
    this.userIds = new Map(added.filter((token) => !token.special).map((token) => [token.content, token.id]));
  }

  /** The tokenizer when the JSON has exactly the shape our converter writes, else null. */
  static fromJson(json: TokenizerJson): SentencePieceBpe | null {
    const { model, normalizer } = json;
    const plain =
      model?.type === 'BPE' &&
      model.byte_fallback === true &&
      model.vocab !== undefined &&
      (json.pre_tokenizer === null || json.pre_tokenizer === undefined) &&
      normalizer?.type === 'Replace' &&
      normalizer.pattern?.String === ' ' &&
      normalizer.content === SPACE;
    return plain ? new SentencePieceBpe(model.vocab!, json.added_tokens ?? [], model.unk_token ?? '<unk>') : null;
  }

  encode(text: string): number[] {
    const normalized = text.replaceAll(' ', SPACE);
    const ids: number[] = [];
    let from = 0;
    if (this.userDefined) {
      this.userDefined.lastIndex = 0;
      for (let match = this.userDefined.exec(normalized); match; match = this.userDefined.exec(normalized)) {
        this.encodeSegment(normalized.slice(from, match.index), ids);
        ids.push(this.userIds.get(match[0])!);
        from = match.index + match[0].length;
      }
    }
    this.encodeSegment(normalized.slice(from), ids);
    return ids;
  }

  private encodeSegment(segment: string, ids: number[]): void {
    if (segment === '') return;
    const symbols = Array.from(segment);
    const next = symbols.map((_, i) => (i + 1 < symbols.length ? i + 1 : -1));
    const prev = symbols.map((_, i) => i - 1);
    const heap = new PairHeap();
    const consider = (left: number): void => {
      if (left < 0) return;
      const right = next[left]!;
      if (right < 0) return;
      const id = this.mergeable.get(symbols[left]! + symbols[right]!);
      if (id !== undefined) heap.push([id, left]);
    };
    for (let i = 0; i + 1 < symbols.length; i++) consider(i);
    while (heap.size > 0) {
      const [id, left] = heap.pop();
      const right = next[left]!;
      // Stale entries: either side merged away or changed since this pair was pushed.
      if (right < 0 || symbols[left] === '' || this.mergeable.get(symbols[left]! + symbols[right]!) !== id) continue;
      symbols[left] = symbols[left]! + symbols[right]!;
      symbols[right] = '';
      next[left] = next[right]!;
      if (next[right]! >= 0) prev[next[right]!] = left;
      consider(prev[left]!);
      consider(left);
    }
    for (let i = 0; i >= 0; i = next[i]!) {
      const id = this.mergeable.get(symbols[i]!);
      if (id !== undefined) {
        ids.push(id);
        continue;
      }
      for (const byte of Buffer.from(symbols[i]!, 'utf8')) ids.push(this.byteIds[byte] ?? this.unkId);
    }
  }

  decode(ids: number[], skipSpecial = true): string {
    let text = '';
    let bytes: number[] = [];
    const flush = (): void => {
      if (bytes.length > 0) text += Buffer.from(bytes).toString('utf8');
      bytes = [];
    };
    for (const id of ids) {
      const byte = this.byteValue.get(id);
      if (byte !== undefined) {
        bytes.push(byte);
        continue;
      }
      flush();
      if (skipSpecial && this.special.has(id)) continue;
      text += (this.pieces[id] ?? '').replaceAll(SPACE, ' ');
    }
    flush();
    return text;
  }
}
