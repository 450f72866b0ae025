"""Decoder tokens per fix in the two output formats, over the made inputs (model card table).

Usage: python3 format_stats.py WORK_DIR
"""

import collections
import glob
import json
import os
import statistics
import sys

import sentencepiece as spm

work_dir = sys.argv[1]
sp = spm.SentencePieceProcessor(model_file=os.path.join(work_dir, "spm.model"))
edit, whole, source = [], [], []
splits, kinds, packages = collections.Counter(), collections.Counter(), collections.defaultdict(set)
for name in sorted(glob.glob(os.path.join(work_dir, "inputs-*.jsonl"))):
    for line in open(name):
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        splits[rec["split"]] += 1
        packages[rec["split"]].add(rec["package"])
        if rec["split"] == "train":
            kinds[rec["kind"]] += 1
        edit.append(len(sp.encode(rec["target"])) + 1)
        whole.append(len(sp.encode(rec["functionTarget"])) + 1)
        source.append(len(sp.encode(rec["encoder"])) + 1)
print(
    json.dumps(
        {
            "examples": dict(splits),
            "packages": {k: len(v) for k, v in packages.items()},
            "test_packages": sorted(packages["test"]),
            "valid_packages": sorted(packages["valid"]),
            "train_kinds": dict(kinds.most_common()),
            "decoder_tokens_line_edit": {"mean": round(statistics.mean(edit), 1), "median": statistics.median(edit)},
            "decoder_tokens_whole_function": {"mean": round(statistics.mean(whole), 1), "median": statistics.median(whole)},
            "encoder_tokens": {"mean": round(statistics.mean(source), 1), "median": statistics.median(source)},
        },
        indent=1,
    )
)
