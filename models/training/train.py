"""Train the patch model on WORK_DIR/inputs-*.jsonl (make_inputs.mjs) for a fixed wall-clock budget.

The learning rate warms up, stays at its peak, and decays linearly to 5% over the last
--decay fraction of the wall-clock budget, so a run ends annealed at its deadline. (A cosine
over wall time, used first, spent most steps of a run at the floor: on a shared machine the
CPU came late, when the schedule had already decayed.) A checkpoint is written every few
minutes and at the end; --init starts from a previous checkpoint's weights.

Usage: python3 train.py WORK_DIR --minutes 60 [--threads 2] [--init WORK_DIR/checkpoint.pt]
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


def load_examples(work_dir, sp, split):
    examples = []
    for name in sorted(glob.glob(os.path.join(work_dir, "inputs-*.jsonl"))):
        with open(name) as f:
            lines = f.readlines()
        for line in lines:
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue  # the last line of a file make_inputs is still writing
            if rec["split"] != split:
                continue
            source = sp.encode(rec["encoder"]) + [sp.eos_id()]
            target = [sp.bos_id()] + sp.encode(rec["target"]) + [sp.eos_id()]
            examples.append((source, target))
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
        s, t = examples[i]
        src[row, :len(s)] = torch.tensor(s)
        tgt[row, :len(t)] = torch.tensor(t)
    return src, (src != pad).long(), tgt


def loss_of(model, src, mask, tgt, pad):
    logits = model(src, mask, tgt[:, :-1])
    return F.cross_entropy(logits.float().reshape(-1, logits.shape[-1]), tgt[:, 1:].reshape(-1), ignore_index=pad)


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
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    rng = random.Random(0)
    sp = spm.SentencePieceProcessor(model_file=os.path.join(args.work_dir, "spm.model"))
    pad = sp.pad_id()
    config = dict(MODEL_CONFIG, vocab_size=sp.get_piece_size(), pad_token_id=pad,
                  bos_token_id=sp.bos_id(), eos_token_id=sp.eos_id())
    train = load_examples(args.work_dir, sp, "train")
    valid = load_examples(args.work_dir, sp, "valid")[:256]
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
                   os.path.join(args.work_dir, "checkpoint.pt"))
        if final:
            print("saved final checkpoint", flush=True)

    def validate():
        model.eval()
        total, count = 0.0, 0
        with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
            for ids in batches(valid, args.max_tokens, random.Random(1)):
                src, mask, tgt = collate(valid, ids, pad)
                total += loss_of(model, src, mask, tgt, pad).item() * len(ids)
                count += len(ids)
        model.train()
        return total / max(count, 1)

    done = False
    while not done:
        epoch += 1
        if epoch > 1:
            # make_inputs may still be adding examples: take the new ones each epoch.
            train = load_examples(args.work_dir, sp, "train")
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
            src, mask, tgt = collate(train, ids, pad)
            with torch.autocast("cpu", dtype=torch.bfloat16):
                loss = loss_of(model, src, mask, tgt, pad)
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
