"""Keep a subset of the bug records per split, in file order (bugs-sample.jsonl), in the kind mix.

Making a model input (skeleton + tokenization) costs about 0.1 s per bug, and one session trains
on a few tens of thousands of examples, so we sample first. Each split is sampled by quota so
its kinds follow bug_mix.KIND_SHARES: a kind with fewer bugs than its quota gives all it has,
and what it lacks is shared among the others in proportion.

The test split is the held-out set: when HELDOUT (a committed list of bug ids, see
evaluate.ts) exists, the test bugs are exactly those it lists (however many are found on this
machine), so every run and every machine with the same packages measures the same bugs.

Usage: python3 sample_bugs.py WORK_DIR TRAIN VALID TEST [--heldout models/training/heldout-ids.txt]
"""

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bug_mix import KIND_SHARES  # noqa: E402


def quotas(available, total):
    """{kind: count} summing to min(total, available), close to KIND_SHARES."""
    want = {k: KIND_SHARES.get(k, 0.0) for k in available}
    taken = {k: 0 for k in available}
    left = min(total, sum(available.values()))
    while left > 0:
        open_kinds = [k for k in available if taken[k] < available[k] and want[k] > 0]
        if not open_kinds:
            open_kinds = [k for k in available if taken[k] < available[k]]
            want = {k: 1.0 for k in available}
        weight = sum(want[k] for k in open_kinds)
        step = 0
        for k in open_kinds:
            extra = min(available[k] - taken[k], max(1, int(left * want[k] / weight)))
            extra = min(extra, left - step)
            taken[k] += extra
            step += extra
            if step >= left:
                break
        left -= step
    return taken


def read_ids(path):
    with open(path) as f:
        return {line.strip() for line in f if line.strip() and not line.startswith("#")}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("work_dir")
    parser.add_argument("train", type=int)
    parser.add_argument("valid", type=int)
    parser.add_argument("test", type=int)
    parser.add_argument("--heldout", help="committed list of held-out bug ids (test split)")
    args = parser.parse_args()
    with open(os.path.join(args.work_dir, "bugs.jsonl")) as f:
        records = f.readlines()
    meta = [json.loads(line) for line in records]
    rng = random.Random(3)
    keep = set()
    listed = read_ids(args.heldout) if args.heldout and os.path.exists(args.heldout) else None
    report = {}
    for split, count in (("train", args.train), ("valid", args.valid), ("test", args.test)):
        indexes = [i for i, m in enumerate(meta) if m["split"] == split]
        if split == "test" and listed is not None:
            chosen = [i for i in indexes if meta[i]["id"] in listed]
            report["heldout"] = {"listed": len(listed), "found": len(chosen)}
        else:
            by_kind = {}
            for i in indexes:
                by_kind.setdefault(meta[i]["kind"], []).append(i)
            counts = quotas({k: len(v) for k, v in by_kind.items()}, count)
            chosen = [i for k, v in sorted(by_kind.items()) for i in rng.sample(v, counts[k])]
        keep.update(chosen)
        kinds = {}
        for i in chosen:
            kinds[meta[i]["kind"]] = kinds.get(meta[i]["kind"], 0) + 1
        report[split] = {"bugs": len(chosen), "kinds": dict(sorted(kinds.items(), key=lambda kv: -kv[1]))}
    with open(os.path.join(args.work_dir, "bugs-sample.jsonl"), "w") as f:
        f.writelines(records[i] for i in sorted(keep))
    with open(os.path.join(args.work_dir, "bugs-sample-summary.json"), "w") as f:
        json.dump(report, f, indent=1)
    print(
        json.dumps(
            {split: r["bugs"] for split, r in report.items() if "bugs" in r}
            | ({"heldout": report["heldout"]} if "heldout" in report else {})
        )
    )


if __name__ == "__main__":
    main()
