#!/usr/bin/env bash
# Rebuilds the shipped model from scratch: bash models/training/train.sh [TRAIN_MINUTES]
# Needs: Debian's python3-torch, python3-onnx, python3-sentencepiece (under /usr/bin/python3),
# libopenblas0-openmp, a `python3` whose standard library and site-packages form the corpus,
# and the repository's node_modules. Intermediate files go to models/training/work/ (ignored).
set -euo pipefail
cd "$(dirname "$0")/../.."
MINUTES="${1:-60}"
WORK=models/training/work
OUT=models/deepdebug-small
TORCH_PY=/usr/bin/python3
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
# OpenBLAS mis-detects AVX-512 CPUs; tell it (only where the CPU really has AVX-512).
if grep -q avx512f /proc/cpuinfo; then export OPENBLAS_CORETYPE=SkylakeX; fi
mkdir -p "$WORK" "$OUT"

# 1. Bugs injected into real functions, split by package (see extract_bugs.py).
python3 models/training/extract_bugs.py "$WORK" --max-per-package 800
# 2. Tokenizer, converted to tokenizer.json and checked id for id against SentencePiece.
"$TORCH_PY" models/training/train_tokenizer.py "$WORK" "$OUT" --vocab 5000 --texts 6000
"$TORCH_PY" models/training/verify_tokenizer.py "$WORK"
npx tsc -p tsconfig.test.json
node models/training/verify_tokenizer.mjs "$WORK" "$OUT"
# 3. Model texts made by the product's own skeleton builder and format, two shards in parallel.
python3 models/training/sample_bugs.py "$WORK" 32000 300 900
node models/training/make_inputs.mjs "$WORK" "$OUT" 320 64 0 2 2> "$WORK/inputs-0.log" &
node models/training/make_inputs.mjs "$WORK" "$OUT" 320 64 1 2 2> "$WORK/inputs-1.log" &
wait
"$TORCH_PY" models/training/format_stats.py "$WORK" > "$WORK/format-stats.json"
# 4. Training for a wall-clock budget, export with KV cache, int8 weights, checks.
nice -n 5 "$TORCH_PY" models/training/train.py "$WORK" --minutes "$MINUTES" --threads 1 | tee "$WORK/train.log"
"$TORCH_PY" models/training/export.py "$WORK" "$OUT"
node models/training/check_onnx.mjs "$WORK" "$WORK/onnx-fp32"
node models/training/check_onnx.mjs "$WORK" "$OUT/onnx"
# 5. Held-out evaluation through the product's inference code.
node models/training/evaluate.mjs "$WORK" "$OUT" 100 > "$WORK/eval.json"
cat "$WORK/eval.json"
