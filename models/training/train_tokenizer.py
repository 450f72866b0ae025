"""Train the SentencePiece BPE tokenizer and convert it to a transformers.js tokenizer.json.

No whitespace or script pre-splitting (pieces may span spaces, which suits indentation-heavy
code), identity normalization, byte fallback for anything unseen (newlines included), and the
line markers <L0>..<L{N-1}> as single tokens. With no pre-tokenizer on either side, BPE over
the whole text is the same algorithm in SentencePiece and in the converted tokenizer.json, so
ids match exactly (checked by verify-tokenizer.ts).

Usage: python3 train_tokenizer.py WORK_DIR OUT_MODEL_DIR [--vocab 6000]
"""

import argparse
import json
import os
import random

import sentencepiece as spm
from sentencepiece import sentencepiece_model_pb2

SPECIALS = ["<s>", "<pad>", "</s>", "<unk>"]  # ids 0..3, BART's order
LINE_MARKERS = 64


def training_texts(work_dir, limit):
    """Original (bug-free) train-split functions plus file headers (imports, globals)."""
    seen_paths, texts = set(), []
    with open(os.path.join(work_dir, "bugs.jsonl")) as f:
        for line in f:
            rec = json.loads(line)
            if rec["split"] != "train":
                continue
            with open(rec["path"], encoding="utf-8") as src:
                lines = src.read().split("\n")
            texts.append("\n".join(lines[rec["startLine"] - 1 : rec["endLine"]]))
            if rec["path"] not in seen_paths:
                seen_paths.add(rec["path"])
                texts.append("\n".join(lines[:30]))
    random.Random(0).shuffle(texts)
    return texts[:limit]


def piece_merges(pieces, vocab):
    """BPE merges in the order SentencePiece applies them: by the merged piece's score."""
    merges = []
    for piece, score in pieces:
        for i in range(1, len(piece)):
            left, right = piece[:i], piece[i:]
            if left in vocab and right in vocab:
                merges.append((score, vocab[left], vocab[right], left, right))
    merges.sort(key=lambda m: (-m[0], m[1], m[2]))
    return [[m[3], m[4]] for m in merges]


def to_tokenizer_json(model_path):
    proto = sentencepiece_model_pb2.ModelProto()
    with open(model_path, "rb") as f:
        proto.ParseFromString(f.read())
    types = sentencepiece_model_pb2.ModelProto.SentencePiece
    vocab, pieces, added = {}, [], []
    for i, entry in enumerate(proto.pieces):
        vocab[entry.piece] = i
        if entry.type in (types.CONTROL, types.UNKNOWN, types.USER_DEFINED):
            added.append(
                {
                    "id": i,
                    "content": entry.piece,
                    "single_word": False,
                    "lstrip": False,
                    "rstrip": False,
                    "normalized": False,
                    "special": entry.type != types.USER_DEFINED,
                }
            )
        elif entry.type == types.NORMAL:
            pieces.append((entry.piece, entry.score))
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": {"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"},
        "pre_tokenizer": None,
        "post_processor": None,
        "decoder": {
            "type": "Sequence",
            "decoders": [
                {"type": "Replace", "pattern": {"String": "\u2581"}, "content": " "},
                {"type": "ByteFallback"},
                {"type": "Fuse"},
            ],
        },
        "model": {
            "type": "BPE",
            "dropout": None,
            "unk_token": "<unk>",
            "continuing_subword_prefix": None,
            "end_of_word_suffix": None,
            "fuse_unk": True,
            "byte_fallback": True,
            "ignore_merges": False,
            "vocab": vocab,
            "merges": piece_merges(pieces, vocab),
        },
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("work_dir")
    parser.add_argument("out_dir")
    parser.add_argument("--vocab", type=int, default=5000)
    parser.add_argument("--texts", type=int, default=6000)
    parser.add_argument("--convert-only", action="store_true", help="reuse WORK_DIR/spm.model")
    args = parser.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    prefix = os.path.join(args.work_dir, "spm")
    if not args.convert_only:
        train(args, prefix)
    write_tokenizer_files(prefix + ".model", args.out_dir)


def train(args, prefix):
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(training_texts(args.work_dir, args.texts)),
        model_prefix=prefix,
        model_type="bpe",
        vocab_size=args.vocab,
        byte_fallback=True,
        normalization_rule_name="identity",
        add_dummy_prefix=False,
        remove_extra_whitespaces=False,
        split_by_whitespace=False,
        split_by_unicode_script=False,
        split_by_number=False,
        allow_whitespace_only_pieces=True,
        max_sentencepiece_length=16,
        max_sentence_length=16384,
        character_coverage=0.9995,
        num_threads=2,
        bos_id=0,
        pad_id=1,
        eos_id=2,
        unk_id=3,
        user_defined_symbols=[f"<L{i}>" for i in range(LINE_MARKERS)],
    )


def write_tokenizer_files(model_path, out_dir):
    with open(os.path.join(out_dir, "tokenizer.json"), "w") as f:
        json.dump(to_tokenizer_json(model_path), f, ensure_ascii=False)
    with open(os.path.join(out_dir, "tokenizer_config.json"), "w") as f:
        json.dump(
            {
                "tokenizer_class": "PreTrainedTokenizerFast",
                "bos_token": "<s>",
                "eos_token": "</s>",
                "pad_token": "<pad>",
                "unk_token": "<unk>",
                "model_max_length": 512,
                "clean_up_tokenization_spaces": False,
            },
            f,
            indent=1,
        )


if __name__ == "__main__":
    main()
