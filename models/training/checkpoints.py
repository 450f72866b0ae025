"""Checkpoint files: written atomically, read whatever their precision.

Two kinds:
- a run's checkpoint (WORK_DIR/checkpoint.pt): float32 weights, the optimizer's state and where
  the run stands (step, seconds trained, its budget), written every few minutes and at the end,
  so a killed run resumes where its last checkpoint left it (train.py --resume);
- the shipped model's weights (models/training/checkpoint/shipped.pt, committed): float16
  weights and the model config only, a few MB, the starting point of `train.sh --continue`
  on any machine.
"""

import os

import torch


def save_atomic(obj, path):
    """torch.save to path via a temporary file and a rename: a kill never leaves half a file."""
    tmp = f"{path}.tmp-{os.getpid()}"
    torch.save(obj, tmp)
    os.replace(tmp, path)


def load(path):
    """The checkpoint dict with its weights in float32."""
    checkpoint = torch.load(path, map_location="cpu")
    checkpoint["state_dict"] = {k: v.float() if v.is_floating_point() else v for k, v in checkpoint["state_dict"].items()}
    return checkpoint


def save_small(state_dict, config, path, **meta):
    """Weights in float16 plus the config: the committed form."""
    small = {k: v.half() if v.is_floating_point() else v for k, v in state_dict.items()}
    save_atomic({"config": config, "state_dict": small, "precision": "float16", **meta}, path)


if __name__ == "__main__":
    # python3 checkpoints.py small RUN_CHECKPOINT OUT: the committed float16 form of a run's weights.
    import sys

    if len(sys.argv) != 4 or sys.argv[1] != "small":
        sys.exit("usage: checkpoints.py small RUN_CHECKPOINT OUT")
    run = load(sys.argv[2])
    save_small(run["state_dict"], run["config"], sys.argv[3], total=run.get("total", {}), history=run.get("history", [])[-20:])
    print(f"{sys.argv[3]}: {os.path.getsize(sys.argv[3])} bytes")
