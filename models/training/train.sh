#!/usr/bin/env bash
# Builds the patch model and ships it to models/deepdebug-small/ if it beats the shipped one.
#
#   bash models/training/train.sh [TRAIN_MINUTES]          from scratch (default 60 minutes)
#   bash models/training/train.sh --continue TRAIN_MINUTES  continue the last run in work/
#
# --continue reuses work/ (bugs, tokenizer, inputs, checkpoint.pt): it samples all training
# bugs, makes the inputs not made yet (make_inputs.mjs --resume), then trains from
# checkpoint.pt. (The shipped run made them while training, and stopped at its deadline.)
# The shipped model was made by `train.sh 60` followed by `train.sh --continue 86`.
#
# Needs: Debian's python3-torch, python3-onnx, python3-sentencepiece (under /usr/bin/python3),
# libopenblas0-openmp, a `python3` whose standard library and site-packages form the corpus,
# and the repository's node_modules. Intermediate files go to models/training/work/ (ignored).
set -euo pipefail
cd "$(dirname "$0")/../.."
CONTINUE=0
if [ "${1:-}" = "--continue" ]; then
  CONTINUE=1
  shift
fi
MINUTES="${1:-60}"
WORK=models/training/work
TOKENIZER="$WORK/tok"
CANDIDATE="$WORK/candidate"
OUT=models/deepdebug-small
TORCH_PY=/usr/bin/python3
# One torch thread: on a shared machine, a second one mostly spin-waits (measured 2,000 vs
# 10,000+ training tokens per CPU-second).
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
# OpenBLAS mis-detects AVX-512 CPUs; tell it (only where the CPU really has AVX-512).
if grep -q avx512f /proc/cpuinfo; then export OPENBLAS_CORETYPE=SkylakeX; fi
mkdir -p "$WORK" "$CANDIDATE" "$OUT/onnx"
npx tsc -p tsconfig.test.json

if [ "$CONTINUE" = 0 ]; then
  # 1. Bugs injected into real functions, split by package (see extract_bugs.py).
  python3 models/training/extract_bugs.py "$WORK" --max-per-package 800
  # 2. Tokenizer, converted to tokenizer.json and checked id for id against SentencePiece.
  "$TORCH_PY" models/training/train_tokenizer.py "$WORK" "$TOKENIZER" --vocab 5000 --texts 6000
  "$TORCH_PY" models/training/verify_tokenizer.py "$WORK"
  node models/training/verify_tokenizer.mjs "$WORK" "$TOKENIZER"
  # 3. Model texts made by the product's own skeleton builder and format, two shards in parallel.
  python3 models/training/sample_bugs.py "$WORK" 32000 300 900
  rm -f "$WORK"/inputs-*.jsonl "$WORK/heldout.jsonl" "$WORK/eval.json" "$WORK/checkpoint.pt"
  node models/training/make_inputs.mjs "$WORK" "$TOKENIZER" 320 64 0 2 2> "$WORK/inputs-0.log" &
  node models/training/make_inputs.mjs "$WORK" "$TOKENIZER" 320 64 1 2 2> "$WORK/inputs-1.log" &
  wait
  INIT=()
else
  # All training bugs this time (valid and test are sampled anew, but evaluation keeps its
  # held-out set); bugs whose inputs exist are skipped.
  python3 models/training/sample_bugs.py "$WORK" 64000 300 900
  node models/training/make_inputs.mjs "$WORK" "$TOKENIZER" 320 64 0 1 --resume 2> "$WORK/inputs-resume.log"
  cp "$WORK/checkpoint.pt" "$WORK/checkpoint-before-continue.pt"
  INIT=(--init "$WORK/checkpoint-before-continue.pt" --warmup 50)
fi
"$TORCH_PY" models/training/format_stats.py "$WORK" > "$WORK/format-stats.json"

# 4. Training for a wall-clock budget, export with KV cache, int8 weights, checks.
nice -n 19 "$TORCH_PY" models/training/train.py "$WORK" --minutes "$MINUTES" --threads 1 "${INIT[@]}" | tee "$WORK/train.log"
cp "$TOKENIZER"/tokenizer.json "$TOKENIZER"/tokenizer_config.json "$CANDIDATE/"
"$TORCH_PY" models/training/export.py "$WORK" "$CANDIDATE"
node models/training/check_onnx.mjs "$WORK" "$WORK/onnx-fp32"
node models/training/check_onnx.mjs "$WORK" "$CANDIDATE/onnx"

# 5. Held-out evaluation through the product's inference code (the same bugs every run, see
# evaluate.mjs); the candidate replaces the shipped model only if it fixes more of them.
node models/training/evaluate.mjs "$WORK" "$CANDIDATE" 100 > "$WORK/eval-candidate.json"
cat "$WORK/eval-candidate.json"
if node models/training/better.mjs "$WORK/eval-candidate.json" "$WORK/eval.json"; then
  cp "$CANDIDATE"/*.json "$OUT/"
  cp "$CANDIDATE"/onnx/*.onnx "$OUT/onnx/"
  cp "$WORK/eval-candidate.json" "$WORK/eval.json"
  echo "shipped to $OUT"
else
  echo "not shipped: the candidate does not fix more held-out bugs than $OUT"
fi
