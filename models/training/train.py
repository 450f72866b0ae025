"""Train the patch model on WORK_DIR/inputs-*.jsonl (make-inputs.ts) for a fixed wall-clock budget.

The learning rate warms up, stays at its peak, and decays linearly to 5% over the last
--decay fraction of the wall-clock budget, so a run ends annealed at its deadline. (A cosine
over wall time, used first, spent most steps of a run at the floor: on a shared machine the
CPU came late, when the schedule had already decayed.) A checkpoint is written every few
minutes and at the end; --init starts from a previous checkpoint's weights.

Kill-safe: the checkpoint (written atomically, checkpoints.py) holds the optimizer's state, the
step and the wall-clock seconds trained so far; `--resume WORK_DIR/checkpoint.pt` continues an
unfinished run where its last checkpoint left it, with the same budget and schedule (a run
killed at minute 7 of 10 with a checkpoint at minute 6 trains 4 more minutes).

Token ids come from the records (make-inputs.ts writes the product tokenizer's ids, identical
to SentencePiece's, see verify-tokenizer.ts) or, for older records, from WORK_DIR/spm.model.

Usage: python3 train.py WORK_DIR --minutes 60 [--threads 2] [--init CHECKPOINT] [--resume CHECKPOINT]
           [--inputs 'inputs-*.jsonl,executable-inputs.jsonl*4'] [--out WORK_DIR/checkpoint.pt]
           [--rewards rewards.jsonl --reward-repeat 4]

--inputs lists the example files (globs under WORK_DIR, each optionally repeated `*N` times per
epoch, e.g. to weigh the few traced examples up). --rewards adds sampled outputs weighted by
their reward advantage (executable.ts rewards): the RewardRepair loss, next to the usual loss
on fixes.
"""

import argparse
import glob
import json
import os
import random
import sys
import time

import torch
from torch.nn import functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checkpoints  # noqa: E402
from model import Seq2Seq  # noqa: E402

# Sized for a shared 2-core machine where this run gets well under one core (measured: a
# 3.5M-parameter variant trained at ~150-300 tokens/s there).
MODEL_CONFIG = {
    "d_model": 128,
    "encoder_layers": 2,
    "decoder_layers": 2,
    "attention_heads": 4,
    "ffn_dim": 512,
    "max_source_positions": 320,
    "max_target_positions": 64,
    "dropout": 0.0,
    "previous_token": True,
    # The longest focal function the format edits (format.ts maxFunctionLines; extract_bugs.py
    # MAX_LINES, make-inputs.ts --max-lines): exported to config.json.
    "max_function_lines": 32,
}


class Ids:
    """Token ids: the records' own (make-inputs.ts) or SentencePiece's (older records)."""

    def __init__(self, work_dir, special):
        self.bos, self.pad, self.eos = special["bos_token_id"], special["pad_token_id"], special["eos_token_id"]
        self.sp = None
        path = os.path.join(work_dir, "spm.model")
        if os.path.exists(path):
            import sentencepiece as spm

            self.sp = spm.SentencePieceProcessor(model_file=path)

    def source(self, rec, text_key):
        ids = rec.get("sourceIds") if text_key == "encoder" else None
        return list(ids) if ids is not None else self.sp.encode(rec[text_key]) + [self.eos]

    def target(self, rec, text_key):
        ids = rec.get("targetIds") if text_key == "target" else None
        return list(ids) if ids is not None else self.sp.encode(rec[text_key])


def input_files(work_dir, spec):
    """[(file, repeat)] for "glob[*N],glob[*N],..." under work_dir."""
    files = []
    for part in spec.split(","):
        pattern, star, repeat = part.rpartition("*")
        if not (star and repeat.isdigit()):
            pattern, repeat = part, "1"
        names = sorted(glob.glob(os.path.join(work_dir, pattern)))
        if not names:
            sys.exit(f"--inputs: nothing matches {pattern} in {work_dir}")
        files.extend((name, int(repeat)) for name in names)
    return files


def encoded(ids, rec, target_key="target"):
    # Cut like inference does: the encoder to the model's positions (ending with </s>), the target to its own.
    source = ids.source(rec, "encoder")
    max_source, max_target = MODEL_CONFIG["max_source_positions"], MODEL_CONFIG["max_target_positions"]
    if len(source) > max_source:
        source = source[: max_source - 1] + [ids.eos]
    return source, ([ids.bos] + ids.target(rec, target_key) + [ids.eos])[:max_target]


def load_examples(work_dir, ids, split, spec):
    """(source ids, target ids, weight) of the fixes: weight 1."""
    examples = []
    for name, repeat in input_files(work_dir, spec):
        with open(name) as f:
            lines = f.readlines()
        for line in lines:
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue  # the last line of a file make_inputs is still writing
            if rec["split"] != split:
                continue
            source, target = encoded(ids, rec)
            examples.extend([(source, target, 1.0)] * repeat)
    return examples


def load_rewards(path, ids, repeat):
    """(source ids, sampled output ids, advantage) of executable.ts rewards' sampled outputs."""
    examples = []
    with open(path) as f:
        for line in f:
            rec = json.loads(line)
            source, target = encoded(ids, rec, "output")
            examples.extend([(source, target, rec["advantage"])] * repeat)
    return examples


def batches(examples, max_tokens, rng):
    """Length-bucketed batches of at most max_tokens source tokens, in random order."""
    order = sorted(range(len(examples)), key=lambda i: (len(examples[i][0]), rng.random()))
    out, current, longest = [], [], 0
    for i in order:
        longest_next = max(longest, len(examples[i][0]))
        if current and longest_next * (len(current) + 1) > max_tokens:
            out.append(current)
            current, longest_next = [], len(examples[i][0])
        current.append(i)
        longest = longest_next
    if current:
        out.append(current)
    rng.shuffle(out)
    return out


def collate(examples, ids, pad):
    src_len = max(len(examples[i][0]) for i in ids)
    tgt_len = max(len(examples[i][1]) for i in ids)
    src = torch.full((len(ids), src_len), pad, dtype=torch.long)
    tgt = torch.full((len(ids), tgt_len), pad, dtype=torch.long)
    for row, i in enumerate(ids):
        s, t, _ = examples[i]
        src[row, : len(s)] = torch.tensor(s)
        tgt[row, : len(t)] = torch.tensor(t)
    weights = torch.tensor([examples[i][2] for i in ids], dtype=torch.float32)
    return src, (src != pad).long(), tgt, weights


def loss_of(model, src, mask, tgt, weights, pad):
    """Per-token loss, each token weighted by its sequence's weight: 1 for fixes (the plain
    mean), the reward advantage for sampled outputs (raising good samples, lowering bad ones)."""
    logits = model(src, mask, tgt[:, :-1])
    labels = tgt[:, 1:]
    token_loss = F.cross_entropy(logits.float().transpose(1, 2), labels, ignore_index=pad, reduction="none")
    real = (labels != pad).float()
    return (token_loss * real * weights[:, None]).sum() / real.sum().clamp(min=1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("work_dir")
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--max-tokens", type=int, default=4096)
    parser.add_argument("--lr", type=float, default=1.5e-3)
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--decay", type=float, default=0.25, help="fraction of the budget the lr decays over")
    parser.add_argument("--init", help="checkpoint whose weights to start from (same model config)")
    parser.add_argument("--resume", help="an unfinished run's checkpoint: continue it (weights, optimizer, step, time)")
    parser.add_argument("--checkpoint-minutes", type=float, default=5)
    parser.add_argument("--inputs", default="inputs-*.jsonl", help="example files under WORK_DIR: glob[*repeat],...")
    parser.add_argument("--out", help="checkpoint to write (default WORK_DIR/checkpoint.pt)")
    parser.add_argument("--rewards", help="sampled outputs with reward advantages (executable.ts rewards)")
    parser.add_argument("--reward-repeat", type=int, default=1, help="times each sampled output is seen per epoch")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    resumed = checkpoints.load(args.resume) if args.resume else None
    if resumed is not None and resumed.get("finished", True):
        sys.exit(f"--resume {args.resume}: that run finished (or predates resumable checkpoints)")
    init = resumed if resumed is not None else checkpoints.load(args.init) if args.init else None
    special = init["config"] if init is not None else None
    if special is None:
        import sentencepiece as spm

        sp = spm.SentencePieceProcessor(model_file=os.path.join(args.work_dir, "spm.model"))
        special = {"vocab_size": sp.get_piece_size(), "pad_token_id": sp.pad_id(), "bos_token_id": sp.bos_id(), "eos_token_id": sp.eos_id()}
    ids = Ids(args.work_dir, special)
    pad = ids.pad
    config = dict(MODEL_CONFIG, vocab_size=special["vocab_size"], pad_token_id=pad, bos_token_id=ids.bos, eos_token_id=ids.eos)
    out = args.out or os.path.join(args.work_dir, "checkpoint.pt")
    # A resumed run draws another data order than the one it left (the order is not saved).
    seed = resumed["step"] if resumed is not None else 0
    torch.manual_seed(seed)
    rng = random.Random(seed)
    rewards = load_rewards(args.rewards, ids, args.reward_repeat) if args.rewards else []
    train = load_examples(args.work_dir, ids, "train", args.inputs) + rewards
    valid = load_examples(args.work_dir, ids, "valid", args.inputs)[:256]
    model = Seq2Seq(config)
    previous = {"step": 0, "seen": 0, "cpu_s": 0.0}
    if init is not None:
        # Options the checkpoint predates (absent from its config) start at their neutral init.
        if any(config.get(key) != value for key, value in init["config"].items()):
            sys.exit(f"checkpoint config {init['config']} differs from {config}")
        missing, unexpected = model.load_state_dict(init["state_dict"], strict=False)
        added = {"prev_proj.weight"} if "previous_token" not in init["config"] else set()
        if unexpected or set(missing) - added:
            sys.exit(f"checkpoint weights do not match (missing {missing}, unexpected {unexpected})")
        previous = {key: init.get("total", {}).get(key, init.get(key, 0)) for key in previous}
    params = sum(p.numel() for p in model.parameters())
    print(
        json.dumps({"params": params, "train": len(train), "valid": len(valid), "config": config, "resumed": args.resume is not None}),
        flush=True,
    )
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
    optimizer = torch.optim.AdamW(
        [{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}], lr=args.lr, betas=(0.9, 0.98)
    )
    budget = args.minutes * 60
    step, epoch, tokens, seen = 0, 0, 0, 0
    history = []
    trained_before = 0.0  # wall-clock seconds this run trained before its last kill
    cpu_before = 0.0
    if resumed is not None:
        optimizer.load_state_dict(resumed["optimizer"])
        budget = resumed["budget_s"]
        step, seen, history = resumed["step"], resumed["seen"], resumed["history"]
        trained_before, cpu_before = resumed["elapsed_s"], resumed["cpu_s"]
        previous = resumed["previous"]
        print(
            json.dumps(
                {
                    "resume": args.resume,
                    "step": step,
                    "trained_min": round(trained_before / 60, 1),
                    "left_min": round((budget - trained_before) / 60, 1),
                }
            ),
            flush=True,
        )
    start = time.time() - trained_before
    cpu_start = time.process_time() - cpu_before
    last_checkpoint = time.time()

    def save(final):
        cpu_s = time.process_time() - cpu_start
        # "total" counts this run and the runs it continued (--init); "previous" is what --init brought.
        total = {"step": previous["step"] + step, "seen": previous["seen"] + seen, "cpu_s": previous["cpu_s"] + cpu_s}
        checkpoints.save_atomic(
            {
                "config": config,
                "state_dict": model.state_dict(),
                "optimizer": optimizer.state_dict(),
                "step": step,
                "seen": seen,
                "elapsed_s": time.time() - start,
                "cpu_s": cpu_s,
                "budget_s": budget,
                "finished": final,
                "previous": previous,
                "total": total,
                "history": history,
            },
            out,
        )
        print(json.dumps({"checkpoint": out, "step": step, "finished": final}), flush=True)

    def validate():
        model.eval()
        total, count = 0.0, 0
        with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
            for batch in batches(valid, args.max_tokens, random.Random(1)):
                src, mask, tgt, weights = collate(valid, batch, pad)
                total += loss_of(model, src, mask, tgt, weights, pad).item() * len(batch)
                count += len(batch)
        model.train()
        return total / max(count, 1)

    done = False
    while not done:
        epoch += 1
        if epoch > 1:
            # make_inputs may still be adding examples: take the new ones each epoch.
            train = load_examples(args.work_dir, ids, "train", args.inputs) + rewards
            print(json.dumps({"epoch": epoch, "train": len(train)}), flush=True)
        if not train:
            time.sleep(20)
            continue
        for batch in batches(train, args.max_tokens, rng):
            elapsed = time.time() - start
            if elapsed >= budget:
                done = True
                break
            left = (budget - elapsed) / (budget * args.decay)
            lr = args.lr * min(1.0, (step + 1) / args.warmup) * (0.05 + 0.95 * min(1.0, left))
            for group in optimizer.param_groups:
                group["lr"] = lr
            src, mask, tgt, weights = collate(train, batch, pad)
            with torch.autocast("cpu", dtype=torch.bfloat16):
                loss = loss_of(model, src, mask, tgt, weights, pad)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            step += 1
            seen += len(batch)
            tokens += int(mask.sum()) + int((tgt != pad).sum())
            if step % 10 == 0:
                elapsed = time.time() - start
                entry = {
                    "step": step,
                    "epoch": epoch,
                    "seen": seen,
                    "min": round(elapsed / 60, 1),
                    "cpu_min": round((time.process_time() - cpu_start) / 60, 1),
                    "loss": round(loss.item(), 4),
                    "lr": round(lr, 6),
                    "tok_s": round(tokens / max(elapsed - trained_before, 1e-6)),
                }
                if step % 100 == 0 and valid:
                    entry["valid_loss"] = round(validate(), 4)
                history.append(entry)
                print(json.dumps(entry), flush=True)
            if time.time() - last_checkpoint > args.checkpoint_minutes * 60:
                save(False)
                last_checkpoint = time.time()
    history.append(
        {
            "step": step,
            "seen": seen,
            "min": round((time.time() - start) / 60, 1),
            "cpu_min": round((time.process_time() - cpu_start) / 60, 1),
            "valid_loss": round(validate(), 4),
            "tok_s": round(tokens / max(time.time() - start - trained_before, 1e-6)),
        }
    )
    print(json.dumps(history[-1]), flush=True)
    save(True)


if __name__ == "__main__":
    main()
