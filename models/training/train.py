"""Train the patch model on WORK_DIR/inputs-*.jsonl (make_inputs.mjs) for a fixed wall-clock budget.

The learning rate warms up, stays at its peak, and decays linearly to 5% over the last
--decay fraction of the wall-clock budget, so a run ends annealed at its deadline. (A cosine
over wall time, used first, spent most steps of a run at the floor: on a shared machine the
CPU came late, when the schedule had already decayed.) A checkpoint is written every few
minutes and at the end; --init starts from a previous checkpoint's weights.

Usage: python3 train.py WORK_DIR --minutes 60 [--threads 2] [--init WORK_DIR/checkpoint.pt]
           [--inputs 'inputs-*.jsonl,executable-inputs.jsonl*4'] [--out WORK_DIR/checkpoint.pt]
           [--rewards rewards.jsonl --reward-repeat 4]

--inputs lists the example files (globs under WORK_DIR, each optionally repeated `*N` times per
epoch, e.g. to weigh the few traced examples up). --rewards adds sampled outputs weighted by
their reward advantage (reward.mjs): the RewardRepair loss, next to the usual loss on fixes.
"""

import argparse
import glob
import json
import os
import random
import sys
import time

import sentencepiece as spm
import torch
from torch.nn import functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
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
}


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


def encoded(sp, encoder, target, max_source, max_target):
    # Cut like inference does: the encoder to the model's positions, the target to its own.
    source = sp.encode(encoder)[:max_source - 1] + [sp.eos_id()]
    return source, ([sp.bos_id()] + sp.encode(target) + [sp.eos_id()])[:max_target]


def load_examples(work_dir, sp, split, spec):
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
            source, target = encoded(sp, rec["encoder"], rec["target"], MODEL_CONFIG["max_source_positions"],
                                     MODEL_CONFIG["max_target_positions"])
            examples.extend([(source, target, 1.0)] * repeat)
    return examples


def load_rewards(path, sp, repeat):
    """(source ids, sampled output ids, advantage) of reward.mjs's sampled outputs."""
    examples = []
    with open(path) as f:
        for line in f:
            rec = json.loads(line)
            source, target = encoded(sp, rec["encoder"], rec["output"], MODEL_CONFIG["max_source_positions"],
                                     MODEL_CONFIG["max_target_positions"])
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
        src[row, :len(s)] = torch.tensor(s)
        tgt[row, :len(t)] = torch.tensor(t)
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
    parser.add_argument("--checkpoint-minutes", type=float, default=5)
    parser.add_argument("--inputs", default="inputs-*.jsonl", help="example files under WORK_DIR: glob[*repeat],...")
    parser.add_argument("--out", help="checkpoint to write (default WORK_DIR/checkpoint.pt)")
    parser.add_argument("--rewards", help="sampled outputs with reward advantages (reward.mjs)")
    parser.add_argument("--reward-repeat", type=int, default=1, help="times each sampled output is seen per epoch")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    rng = random.Random(0)
    sp = spm.SentencePieceProcessor(model_file=os.path.join(args.work_dir, "spm.model"))
    pad = sp.pad_id()
    config = dict(MODEL_CONFIG, vocab_size=sp.get_piece_size(), pad_token_id=pad,
                  bos_token_id=sp.bos_id(), eos_token_id=sp.eos_id())
    out = args.out or os.path.join(args.work_dir, "checkpoint.pt")
    rewards = load_rewards(args.rewards, sp, args.reward_repeat) if args.rewards else []
    train = load_examples(args.work_dir, sp, "train", args.inputs) + rewards
    valid = load_examples(args.work_dir, sp, "valid", args.inputs)[:256]
    model = Seq2Seq(config)
    previous = {"step": 0, "seen": 0, "cpu_s": 0.0}
    if args.init:
        checkpoint = torch.load(args.init)
        # Options the checkpoint predates (absent from its config) start at their neutral init.
        if any(config[key] != value for key, value in checkpoint["config"].items()):
            sys.exit(f"--init {args.init}: its config {checkpoint['config']} differs from {config}")
        missing, unexpected = model.load_state_dict(checkpoint["state_dict"], strict=False)
        added = {"prev_proj.weight"} if "previous_token" not in checkpoint["config"] else set()
        if unexpected or set(missing) - added:
            sys.exit(f"--init {args.init}: weights do not match (missing {missing}, unexpected {unexpected})")
        previous = {key: checkpoint.get("total", {}).get(key, checkpoint.get(key, 0)) for key in previous}
    params = sum(p.numel() for p in model.parameters())
    print(json.dumps({"params": params, "train": len(train), "valid": len(valid), "config": config}), flush=True)
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
    optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}],
                                  lr=args.lr, betas=(0.9, 0.98))
    budget = args.minutes * 60
    start = time.time()
    cpu_start = time.process_time()
    last_checkpoint = start
    step, epoch, tokens, seen = 0, 0, 0, 0
    history = []

    def save(final):
        cpu_s = time.process_time() - cpu_start
        # "total" counts this run and the runs it continued (--init).
        total = {"step": previous["step"] + step, "seen": previous["seen"] + seen, "cpu_s": previous["cpu_s"] + cpu_s}
        torch.save({"config": config, "state_dict": model.state_dict(), "step": step, "seen": seen,
                    "elapsed_s": time.time() - start, "cpu_s": cpu_s, "total": total, "history": history},
                   out)
        if final:
            print("saved final checkpoint", flush=True)

    def validate():
        model.eval()
        total, count = 0.0, 0
        with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
            for ids in batches(valid, args.max_tokens, random.Random(1)):
                src, mask, tgt, weights = collate(valid, ids, pad)
                total += loss_of(model, src, mask, tgt, weights, pad).item() * len(ids)
                count += len(ids)
        model.train()
        return total / max(count, 1)

    done = False
    while not done:
        epoch += 1
        if epoch > 1:
            # make_inputs may still be adding examples: take the new ones each epoch.
            train = load_examples(args.work_dir, sp, "train", args.inputs) + rewards
            print(json.dumps({"epoch": epoch, "train": len(train)}), flush=True)
        if not train:
            time.sleep(20)
            continue
        for ids in batches(train, args.max_tokens, rng):
            elapsed = time.time() - start
            if elapsed >= budget:
                done = True
                break
            left = (budget - elapsed) / (budget * args.decay)
            lr = args.lr * min(1.0, (step + 1) / args.warmup) * (0.05 + 0.95 * min(1.0, left))
            for group in optimizer.param_groups:
                group["lr"] = lr
            src, mask, tgt, weights = collate(train, ids, pad)
            with torch.autocast("cpu", dtype=torch.bfloat16):
                loss = loss_of(model, src, mask, tgt, weights, pad)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            step += 1
            seen += len(ids)
            tokens += int(mask.sum()) + int((tgt != pad).sum())
            if step % 10 == 0:
                elapsed = time.time() - start
                entry = {"step": step, "epoch": epoch, "seen": seen, "min": round(elapsed / 60, 1),
                         "cpu_min": round((time.process_time() - cpu_start) / 60, 1),
                         "loss": round(loss.item(), 4), "lr": round(lr, 6), "tok_s": round(tokens / elapsed)}
                if step % 100 == 0 and valid:
                    entry["valid_loss"] = round(validate(), 4)
                history.append(entry)
                print(json.dumps(entry), flush=True)
            if time.time() - last_checkpoint > args.checkpoint_minutes * 60:
                save(False)
                last_checkpoint = time.time()
    history.append({"step": step, "seen": seen, "min": round((time.time() - start) / 60, 1),
                    "cpu_min": round((time.process_time() - cpu_start) / 60, 1),
                    "valid_loss": round(validate(), 4), "tok_s": round(tokens / (time.time() - start))})
    print(json.dumps(history[-1]), flush=True)
    save(True)


if __name__ == "__main__":
    main()
