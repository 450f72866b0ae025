"""Neural bugs by backtranslation (DeepDebug's "bug-creator").

A model trained on reversed fixes (encoder: the skeleton with the FIXED function; target: the
line-edit that turns it into the buggy one) writes bugs that look like the ones it learned
from, but are not limited to the injector's handful of AST mutations. Its samples, turned back
into fixes, become extra patcher training data. The same text helpers turn the patcher's own
failed samples ("near misses") into training records that fix them.

Run with Debian's interpreter (torch and sentencepiece), one thread:

  /usr/bin/python3 backtranslate.py check WORK_DIR
      the text helpers on every record of WORK_DIR/inputs-*.jsonl: the target applied to the
      encoder's focal lines gives the fixed function; reversing twice gives the record back
  /usr/bin/python3 backtranslate.py reverse WORK_DIR OUT_DIR
      OUT_DIR/inputs-0.jsonl: reversed train/valid records; OUT_DIR/spm.model: the tokenizer,
      so `train.py OUT_DIR --init WORK_DIR/checkpoint.pt --out OUT_DIR/bugcreator.pt` trains there
  /usr/bin/python3 backtranslate.py sample WORK_DIR CREATOR_CKPT OUT_FILE [--per-function 2]
           [--limit 6000] [--temperature 1.0] [--top-p 0.95] [--batch 32] [--seed 0] [--show 0.003]
      neural bugs for the distinct fixed functions of WORK_DIR's train records, written as
      patcher records {split: train, package, kind: "neural", encoder, target}; a sampled bug
      is kept when its edit is well-formed, the buggy function parses, its normalized AST
      differs from the fixed one's and from every heuristic bug of that function, and no
      sample before it made the same AST. Stats go to stdout, progress and examples to stderr
  /usr/bin/python3 backtranslate.py near-misses SAMPLES_FILE OUT_FILE
      SAMPLES_FILE records {encoder, target, output, verdict, split, package}, each output a
      sampled fix that failed validation (verdict is not read: the file holds failures only):
      patcher records {kind: "near-miss"} fixing the function the output made, when it parses
      and differs from both the buggy and the fixed function
"""

import argparse
import glob
import json
import os
import random
import re
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")

import sentencepiece as spm  # noqa: E402
import torch  # noqa: E402
from torch.nn import functional as F  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import extract_bugs as injector  # noqa: E402  (its parse/normalize helpers define "a different bug")
from model import Seq2Seq  # noqa: E402

# The helpers below mirror src/core/model/format.ts ('line-edit' format) and the skeleton's
# markers (src/core/skeleton/markers.ts) exactly: the records they read and write must be
# byte-identical to what make-inputs.ts and the product produce. `check` verifies that.
TARGET_EDIT_MARKER = "# target edit"
END_MARKER = "# end"
LINE_MARKERS = 64
EDIT_HEADER = re.compile(r"^<L([0-9]+)><L([0-9]+)>")
ANY_MARKER = re.compile(r"<L[0-9]+>")
MAX_TARGET_TOKENS = 64


def split_lines(text):
    """format.ts splitLines: lines of a text, without the empty string after a final newline."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def focal_span(lines):
    """format.ts focalSpan: (first, end) indexes of the focal lines of a skeleton, or None."""
    start = next((i for i, line in enumerate(lines) if line.lstrip() == TARGET_EDIT_MARKER), None)
    if start is None:
        return None
    indent = lines[start][: len(lines[start]) - len(TARGET_EDIT_MARKER)]
    end = next((i for i in range(start + 1, len(lines)) if lines[i] == indent + END_MARKER), None)
    return None if end is None else (start + 1, end)


def marked(index, line):
    """encoderText: focal line `index` as the encoder shows it."""
    return f"<L{index}>{line}" if index < LINE_MARKERS else line


def focal_lines(encoder):
    """The focal function's lines in an encoder text, markers stripped; None without a focal span."""
    lines = encoder.split("\n")
    span = focal_span(lines)
    if span is None:
        return None
    focal = []
    for i in range(span[0], span[1]):
        prefix = marked(i - span[0], "")
        if not lines[i].startswith(prefix):
            return None
        focal.append(lines[i][len(prefix) :])
    return focal


def with_focal(encoder, new_lines):
    """The encoder with its focal lines replaced by new_lines, marked from <L0> again."""
    lines = encoder.split("\n")
    first, end = focal_span(lines)
    return "\n".join(lines[:first] + [marked(i, line) for i, line in enumerate(new_lines)] + lines[end:])


def function_text(lines):
    return "\n".join(lines) + "\n"


def apply_edit(output, old_lines):
    """format.ts applyOutput: the lines an output turns old_lines into; None when malformed."""
    header = EDIT_HEADER.match(output)
    if not header:
        return None
    start, stop = int(header.group(1)), int(header.group(2))
    if start > stop or stop > len(old_lines):
        return None
    body = output[header.end() :]
    if ANY_MARKER.search(body):
        return None
    replacement = [] if body == "" else body.split("\n")
    return old_lines[:start] + replacement + old_lines[stop:]


def line_edit(old_lines, new_lines):
    """format.ts targetText: the output turning old_lines into new_lines; None when it cannot say it."""
    if len(old_lines) >= LINE_MARKERS:
        return None
    prefix = 0
    while prefix < len(old_lines) and prefix < len(new_lines) and old_lines[prefix] == new_lines[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < len(old_lines) - prefix
        and suffix < len(new_lines) - prefix
        and old_lines[len(old_lines) - 1 - suffix] == new_lines[len(new_lines) - 1 - suffix]
    ):
        suffix += 1
    replaced = new_lines[prefix : len(new_lines) - suffix]
    return f"<L{prefix}><L{len(old_lines) - suffix}>" + "\n".join(replaced)


def exact_edit(old_lines, new_lines):
    """line_edit, or None when it would not give new_lines back: the format writes inserting
    one empty line as "<La><La>", which applyOutput reads as inserting nothing."""
    output = line_edit(old_lines, new_lines)
    return output if output is not None and apply_edit(output, old_lines) == new_lines else None


def reversed_record(record):
    """The record with fix and bug swapped (encoder holds the fixed function); None if it cannot be."""
    buggy = focal_lines(record["encoder"])
    fixed = None if buggy is None else apply_edit(record["target"], buggy)
    if fixed is None:
        return None
    target = exact_edit(fixed, buggy)
    if target is None:
        return None
    return {
        "split": record["split"],
        "package": record["package"],
        "kind": record["kind"],
        "encoder": with_focal(record["encoder"], fixed),
        "target": target,
    }


def read_records(work_dir):
    for name in sorted(glob.glob(os.path.join(work_dir, "inputs-*.jsonl"))):
        with open(name) as f:
            for line in f:
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    continue  # a cut-off last line of a file still being written


def write_records(path, records):
    count = 0
    with open(path, "w") as f:
        for record in records:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
            count += 1
    return count


def faithful(record):
    """Whether the record's encoder holds the function its target was made for. make_inputs
    fails this for 0.2% of records, where the skeleton's focal span is not the bug's function
    (it trims a blank line left at the end by a deleted last statement, or spans other lines)."""
    buggy = focal_lines(record["encoder"])
    fixed = apply_edit(record["target"], buggy) if buggy is not None else None
    return fixed is not None and function_text(fixed) == record["functionTarget"] + "\n"


def check_record(record):
    """None when the helpers reproduce the record, else what went wrong."""
    buggy = focal_lines(record["encoder"])
    if buggy is None:
        return "no focal span"
    fixed = apply_edit(record["target"], buggy)
    if fixed is None:
        return "target does not apply"
    if function_text(fixed) != record["functionTarget"] + "\n":
        return "target applied differs from functionTarget"
    once = reversed_record(record)
    if once is None:
        return "cannot reverse"
    twice = reversed_record(once)
    if twice is None or twice["encoder"] != record["encoder"] or twice["target"] != record["target"]:
        return "reversing twice differs"
    return None


def check(args):
    checked, failures = 0, {}
    for record in read_records(args.work_dir):
        checked += 1
        problem = check_record(record)
        if problem:
            failures[problem] = failures.get(problem, 0) + 1
    print(json.dumps({"checked": checked, "failures": sum(failures.values()), "by_problem": failures}))


def reverse(args):
    os.makedirs(args.out_dir, exist_ok=True)
    chosen = (r for r in read_records(args.work_dir) if r["split"] in ("train", "valid") and faithful(r))
    records = (reversed_record(r) for r in chosen)
    written = write_records(os.path.join(args.out_dir, "inputs-0.jsonl"), (r for r in records if r is not None))
    tokenizer = os.path.join(args.out_dir, "spm.model")
    if not os.path.exists(tokenizer):
        os.symlink(os.path.abspath(os.path.join(args.work_dir, "spm.model")), tokenizer)
    print(json.dumps({"written": written, "out": args.out_dir}))


# ---- sampling ----


def load_model(path):
    checkpoint = torch.load(path)
    model = Seq2Seq(checkpoint["config"])
    model.load_state_dict(checkpoint["state_dict"])
    model.eval()
    return model


def source_ids(sp, encoder, max_source):
    """The encoder ids, cut like train.py and the product: to max_source, ending with eos."""
    return sp.encode(encoder)[: max_source - 1] + [sp.eos_id()]


def nucleus(logits, temperature, top_p, generator):
    """sampling.ts chooseToken, batched: a token from the smallest most likely set reaching top_p
    (chooseToken also drops tokens under e^-30 of the best, which carry no mass worth counting)."""
    scaled = F.log_softmax(logits.float(), dim=-1) / temperature
    probs, ids = torch.topk(torch.softmax(scaled, dim=-1), min(64, scaled.shape[-1]), dim=-1)
    before = torch.cumsum(probs, dim=-1) - probs
    if bool((before[:, -1] + probs[:, -1] < top_p).any()):
        # The nucleus is usually a handful of tokens; sorting the whole vocabulary is rarely needed.
        probs, ids = torch.sort(torch.softmax(scaled, dim=-1), dim=-1, descending=True)
        before = torch.cumsum(probs, dim=-1) - probs
    probs = probs.masked_fill(before >= top_p, 0.0)
    choice = torch.multinomial(probs, 1, generator=generator)
    return ids.gather(1, choice).squeeze(1)


@torch.no_grad()
def sample_outputs(model, sp, encoders, per_input, temperature, top_p, generator):
    """per_input sampled output texts for each encoder text; None for one that hit the length limit."""
    c = model.config
    sources = [source_ids(sp, e, c["max_source_positions"]) for e in encoders]
    src = torch.full((len(sources), max(len(s) for s in sources)), c["pad_token_id"], dtype=torch.long)
    for i, s in enumerate(sources):
        src[i, : len(s)] = torch.tensor(s)
    mask = (src != c["pad_token_id"]).long()
    # Each input is encoded once; its per_input sample rows share the encoder output.
    memory = model.encode(src, mask).repeat_interleave(per_input, dim=0)
    mask = mask.repeat_interleave(per_input, dim=0)
    cross = model.cross_kv(memory)
    rows = len(sources) * per_input
    past = model.empty_past(rows)
    # Like the product's decoder: start from bos, stop a row at eos; a row without eos is dropped.
    step_ids = torch.full((rows, 1), c["bos_token_id"], dtype=torch.long)
    outputs = [[] for _ in range(rows)]
    done = torch.zeros(rows, dtype=torch.bool)
    for _ in range(min(MAX_TARGET_TOKENS, c["max_target_positions"])):
        logits, past = model.decode(step_ids, mask, past, cross)
        tokens = nucleus(logits[:, -1], temperature, top_p, generator)
        finished = done.tolist()
        for i, token in enumerate(tokens.tolist()):
            if not finished[i] and token != c["eos_token_id"]:
                outputs[i].append(token)
        done |= tokens == c["eos_token_id"]
        if bool(done.all()):
            break
        step_ids = tokens.unsqueeze(1)
    return [sp.decode(o) if d else None for o, d in zip(outputs, done.tolist())]


def fixed_functions(work_dir, limit):
    """[(record, fixed lines, normalized heuristic bugs)] for the first `limit` distinct fixed
    functions of train records (in file order), with all their records' heuristic bugs."""
    functions = {}
    for record in read_records(work_dir):
        if record["split"] != "train" or not faithful(record):
            continue
        buggy = focal_lines(record["encoder"])
        fixed = apply_edit(record["target"], buggy)
        if len(fixed) >= LINE_MARKERS:
            continue  # the creator saw no such function: the format cannot mark all its lines
        key = function_text(fixed)
        if key not in functions:
            if len(functions) == limit:
                continue
            functions[key] = (record, fixed, set())
        functions[key][2].add(function_text(buggy))
    return [(record, fixed, {injector.normalized(b) for b in bugs}) for record, fixed, bugs in functions.values()]


def neural_record(record, fixed, output, seen, stats):
    """The patcher record for one sampled bug edit, or None (counted in stats by the filter it failed)."""
    buggy = apply_edit(output, fixed) if output is not None else None
    if buggy is None:
        return None
    stats["well_formed"] += 1
    form = injector.normalized(function_text(buggy))
    if form is None:
        return None
    stats["parse"] += 1
    if form == seen["fixed"]:
        return None
    stats["changed"] += 1
    if form in seen["heuristic"] or form in seen["neural"]:
        return None
    seen["neural"].add(form)
    stats["novel"] += 1
    target = exact_edit(buggy, fixed)
    if target is None:
        return None
    stats["kept"] += 1
    return {
        "split": "train",
        "package": record["package"],
        "kind": "neural",
        "encoder": with_focal(record["encoder"], buggy),
        "target": target,
    }


def show_bug(package, fixed, buggy):
    """The changed lines of a neural bug, for a human to look at (stderr)."""
    prefix = 0
    while prefix < min(len(fixed), len(buggy)) and fixed[prefix] == buggy[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(fixed), len(buggy)) - prefix and fixed[len(fixed) - 1 - suffix] == buggy[len(buggy) - 1 - suffix]:
        suffix += 1
    lines = [f"--- {package}: {fixed[0].strip()}"]
    lines += ["- " + line for line in fixed[prefix : len(fixed) - suffix]]
    lines += ["+ " + line for line in buggy[prefix : len(buggy) - suffix]]
    print("\n".join(lines), file=sys.stderr)


def sample(args):
    sp = spm.SentencePieceProcessor(model_file=os.path.join(args.work_dir, "spm.model"))
    model = load_model(args.creator)
    functions = fixed_functions(args.work_dir, args.limit)
    generator = torch.Generator().manual_seed(args.seed)
    examples = random.Random(args.seed)
    stats = {"functions": len(functions), "sampled": 0, "well_formed": 0, "parse": 0, "changed": 0, "novel": 0, "kept": 0}
    start = time.time()
    # Batches of similar encoder lengths pad little; sorting only within windows of functions
    # in file order keeps a run stopped early a fair sample of the functions (records are
    # written batch by batch, so it leaves whole records behind).
    window = args.batch * 8
    order = [
        i
        for w in range(0, len(functions), window)
        for i in sorted(range(w, min(w + window, len(functions))), key=lambda i: len(functions[i][0]["encoder"]))
    ]
    with open(args.out_file, "w") as out:
        for at in range(0, len(order), args.batch):
            chunk = order[at : at + args.batch]
            encoders = [with_focal(functions[i][0]["encoder"], functions[i][1]) for i in chunk]
            outputs = sample_outputs(model, sp, encoders, args.per_function, args.temperature, args.top_p, generator)
            for n, i in enumerate(chunk):
                record, fixed, heuristic = functions[i]
                seen = {"fixed": injector.normalized(function_text(fixed)), "heuristic": heuristic, "neural": set()}
                for output in outputs[n * args.per_function : (n + 1) * args.per_function]:
                    stats["sampled"] += 1
                    made = neural_record(record, fixed, output, seen, stats)
                    if made:
                        out.write(json.dumps(made, ensure_ascii=False) + "\n")
                        if examples.random() < args.show:
                            show_bug(record["package"], fixed, apply_edit(output, fixed))
            out.flush()
            if at // args.batch % 10 == 0:
                print(json.dumps({"done": at + len(chunk), **stats, "seconds": round(time.time() - start)}), file=sys.stderr, flush=True)
    seconds = time.time() - start
    print(json.dumps({**stats, "seconds": round(seconds, 1), "samples_per_s": round(stats["sampled"] / seconds, 2), "out": args.out_file}))


# ---- near misses ----


def near_miss_record(sample_record):
    """The patcher record fixing the function a failed sampled output made; None if there is none.
    Without the trace (plainEncoder where executable.ts gives one): the bug's trace is not the
    near-miss's."""
    if sample_record.get("verdict") not in ("failed", "timeout"):
        return None
    encoder = sample_record.get("plainEncoder", sample_record["encoder"])
    buggy = focal_lines(encoder)
    fixed = apply_edit(sample_record["target"], buggy) if buggy is not None else None
    near = apply_edit(sample_record["output"], buggy) if fixed is not None else None
    if near is None:
        return None
    form = injector.normalized(function_text(near))
    if form is None or form in (injector.normalized(function_text(buggy)), injector.normalized(function_text(fixed))):
        return None
    target = exact_edit(near, fixed)
    if target is None:
        return None
    return {
        "split": sample_record["split"],
        "package": sample_record["package"],
        "kind": "near-miss",
        "encoder": with_focal(encoder, near),
        "target": target,
    }


def near_misses(args):
    read, made, seen = 0, [], set()
    with open(args.samples_file) as f:
        for line in f:
            read += 1
            record = near_miss_record(json.loads(line))
            if record and (record["encoder"], record["target"]) not in seen:
                seen.add((record["encoder"], record["target"]))
                made.append(record)
    print(json.dumps({"read": read, "written": write_records(args.out_file, made), "out": args.out_file}))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    c = commands.add_parser("check")
    c.add_argument("work_dir")
    c.set_defaults(run=check)
    r = commands.add_parser("reverse")
    r.add_argument("work_dir")
    r.add_argument("out_dir")
    r.set_defaults(run=reverse)
    s = commands.add_parser("sample")
    s.add_argument("work_dir")
    s.add_argument("creator")
    s.add_argument("out_file")
    s.add_argument("--per-function", type=int, default=2)
    s.add_argument("--limit", type=int, default=6000)
    s.add_argument("--temperature", type=float, default=1.0)
    s.add_argument("--top-p", type=float, default=0.95)
    s.add_argument("--batch", type=int, default=32, help="functions per decoding batch")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--show", type=float, default=0.003, help="fraction of kept bugs shown on stderr")
    s.set_defaults(run=sample)
    n = commands.add_parser("near-misses")
    n.add_argument("samples_file")
    n.add_argument("out_file")
    n.set_defaults(run=near_misses)
    args = parser.parse_args()
    torch.set_num_threads(1)
    args.run(args)


if __name__ == "__main__":
    main()
