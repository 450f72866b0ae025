"""Write SentencePiece ids of sample texts for verify-tokenizer.ts to compare with transformers.js.

Usage: python3 verify_tokenizer.py WORK_DIR  (writes WORK_DIR/tokenizer-check.jsonl)
"""

import json
import os
import random
import sys

import sentencepiece as spm

work_dir = sys.argv[1]
sp = spm.SentencePieceProcessor(model_file=os.path.join(work_dir, "spm.model"))
records = [json.loads(line) for line in open(os.path.join(work_dir, "bugs.jsonl"))]
random.Random(2).shuffle(records)
texts = [r["buggy"] for r in records[:400]]
# Odd cases: markers, unseen characters (byte fallback), tabs, CRLF, runs of spaces.
texts += ["<L0>def f(x):\n<L1>    return x\u00e9\u4e2d\U0001f600", "a\tb\r\nc   d    ", "<L12><L13>        if a <= b:"]
with open(os.path.join(work_dir, "tokenizer-check.jsonl"), "w") as f:
    for text in texts:
        f.write(json.dumps({"text": text, "ids": sp.encode(text)}) + "\n")
