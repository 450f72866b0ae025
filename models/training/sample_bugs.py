"""Keep a random subset of the bug records per split, in file order (bugs-sample.jsonl).

The CPU budget of one session trains on a few tens of thousands of examples, and making a
model input (skeleton + tokenization) costs about 0.1 s per bug here, so we sample first.

Usage: python3 sample_bugs.py WORK_DIR TRAIN VALID TEST
"""

import json
import os
import random
import sys

work_dir = sys.argv[1]
wanted = {"train": int(sys.argv[2]), "valid": int(sys.argv[3]), "test": int(sys.argv[4])}
with open(os.path.join(work_dir, "bugs.jsonl")) as f:
    records = f.readlines()
splits = [json.loads(line)["split"] for line in records]
rng = random.Random(3)
keep = set()
for split, count in wanted.items():
    indexes = [i for i, s in enumerate(splits) if s == split]
    keep.update(rng.sample(indexes, min(count, len(indexes))))
with open(os.path.join(work_dir, "bugs-sample.jsonl"), "w") as f:
    f.writelines(records[i] for i in sorted(keep))
print({split: sum(1 for i in keep if splits[i] == split) for split in wanted})
