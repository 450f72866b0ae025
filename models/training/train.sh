#!/usr/bin/env bash
# Builds the patch model and ships it to models/deepdebug-small/ if it beats the shipped one.
#
#   bash models/training/train.sh [TRAIN_MINUTES]          from scratch: new data, tokenizer, weights
#   bash models/training/train.sh --continue TRAIN_MINUTES  more training of the shipped model
#
# --continue works on any machine: it starts from the shipped model's PyTorch weights, committed
# as models/training/checkpoint/shipped.pt (float16, 3.3 MB), and makes whatever data work/
# lacks with the shipped tokenizer (bugs, sample, inputs: each step skips what is done). It is
# kill-safe: training writes work/checkpoint.pt every few minutes (atomically), and a
# --continue run finding an unfinished one resumes it (same budget and schedule) instead of
# starting over; the data steps resume too (extract_bugs.py renames its output when done,
# make-inputs.ts --resume skips made inputs).
#
# Either form then exports the candidate, checks its ONNX files against PyTorch, measures it on
# the held-out bugs listed in models/training/heldout-ids.txt (committed: the same bugs every
# run), measures the shipped model on them when models/training/shipped-eval.json is not of the
# same bugs, and ships only if better.ts says the candidate fixes more of them. Shipping copies
# the ONNX files and configs, the candidate's weights (float16) to checkpoint/shipped.pt and its
# results to shipped-eval.json: commit the three.
#
# Knobs for a small run (a pilot; defaults in brackets):
#   EXTRACT_ARGS  extract_bugs.py options        ["--max-per-package 800"]
#   SAMPLE        bugs sampled: TRAIN VALID TEST ["40000 300 1000"]; with a held-out list, TEST is its bugs
#   EVAL_LIMIT    measure the first N held-out bugs only (both models the same N)  [all]
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
CANDIDATE="$WORK/candidate"
OUT=models/deepdebug-small
SHIPPED_WEIGHTS=models/training/checkpoint/shipped.pt
HELDOUT=models/training/heldout-ids.txt
SHIPPED_EVAL=models/training/shipped-eval.json
EXTRACT_ARGS="${EXTRACT_ARGS:---max-per-package 800}"
read -r TRAIN_BUGS VALID_BUGS TEST_BUGS <<< "${SAMPLE:-40000 300 1000}"
EVAL_ARGS=()
if [ -n "${EVAL_LIMIT:-}" ]; then EVAL_ARGS=(--limit "$EVAL_LIMIT"); fi
TORCH_PY=/usr/bin/python3
# One torch thread: on a shared machine, a second one mostly spin-waits (measured 2,000 vs
# 10,000+ training tokens per CPU-second).
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
# OpenBLAS mis-detects AVX-512 CPUs; tell it (only where the CPU really has AVX-512).
if grep -q avx512f /proc/cpuinfo; then export OPENBLAS_CORETYPE=SkylakeX; fi
mkdir -p "$WORK" "$CANDIDATE/onnx" "$OUT/onnx"
# The training scripts are TypeScript, run compiled (out/models/training/).
npx tsc -p tsconfig.test.json

# 1. Bugs: the inverse of every template family, in the real-bug mix (extract_bugs.py, bug_mix.py).
if [ "$CONTINUE" = 0 ]; then rm -f "$WORK/bugs.jsonl"; fi
if [ ! -f "$WORK/bugs.jsonl" ]; then
  # shellcheck disable=SC2086
  nice -n 19 python3 models/training/extract_bugs.py "$WORK" $EXTRACT_ARGS
fi
python3 models/training/sample_bugs.py "$WORK" "$TRAIN_BUGS" "$VALID_BUGS" "$TEST_BUGS" --heldout "$HELDOUT"

if [ "$CONTINUE" = 0 ]; then
  # 2. Tokenizer, converted to tokenizer.json and checked id for id against SentencePiece.
  TOKENIZER="$WORK/tok"
  "$TORCH_PY" models/training/train_tokenizer.py "$WORK" "$TOKENIZER" --vocab 5000 --texts 6000
  "$TORCH_PY" models/training/verify_tokenizer.py "$WORK"
  node out/models/training/verify-tokenizer.js "$WORK" "$TOKENIZER"
  rm -f "$WORK"/inputs-*.jsonl "$WORK/checkpoint.pt"
  RESUME=()
else
  # The shipped model's tokenizer: continuing its weights needs its vocabulary.
  TOKENIZER="$OUT"
  RESUME=(--resume)
fi
# 3. Model texts made by the product's own skeleton builder and format, two shards in parallel.
nice -n 19 node out/models/training/make-inputs.js "$WORK" "$TOKENIZER" 320 64 0 2 "${RESUME[@]}" 2> "$WORK/inputs-0.log" &
nice -n 19 node out/models/training/make-inputs.js "$WORK" "$TOKENIZER" 320 64 1 2 "${RESUME[@]}" 2> "$WORK/inputs-1.log" &
wait
node -e '
  const fs = require("fs"); const t = {};
  for (const f of fs.readdirSync(process.argv[1]).filter((n) => /^inputs-\d+\.stats\.json$/.test(n)))
    for (const [k, v] of Object.entries(JSON.parse(fs.readFileSync(process.argv[1] + "/" + f)).counts)) t[k] = (t[k] ?? 0) + v;
  console.log("inputs", JSON.stringify(t));' "$WORK"

# 4. Training for a wall-clock budget (resuming an unfinished run), export with KV cache, int8, checks.
if [ "$CONTINUE" = 1 ] && [ -f "$WORK/checkpoint.pt" ] && "$TORCH_PY" -c '
import sys, torch; sys.exit(0 if not torch.load(sys.argv[1], map_location="cpu").get("finished", True) else 1)' "$WORK/checkpoint.pt"; then
  echo "resuming the unfinished run in $WORK/checkpoint.pt"
  START=(--resume "$WORK/checkpoint.pt")
elif [ "$CONTINUE" = 1 ]; then
  START=(--init "$SHIPPED_WEIGHTS" --warmup 50)
else
  START=()
fi
nice -n 19 "$TORCH_PY" models/training/train.py "$WORK" --minutes "$MINUTES" --threads 1 --checkpoint-minutes 2 "${START[@]}" | tee -a "$WORK/train.log"
cp "$TOKENIZER"/tokenizer.json "$TOKENIZER"/tokenizer_config.json "$CANDIDATE/"
TRACE=()
if [ "$CONTINUE" = 1 ] && grep -q '"useTrace": true' "$OUT/config.json"; then TRACE=(--trace); fi
nice -n 19 "$TORCH_PY" models/training/export.py "$WORK" "$CANDIDATE" "${TRACE[@]}"
node out/models/training/check-onnx.js "$WORK" "$WORK/onnx-fp32"
node out/models/training/check-onnx.js "$WORK" "$CANDIDATE/onnx"

# 5. Held-out evaluation through the product's inference code, the same listed bugs every run;
# the candidate replaces the shipped model only if it fixes more of them.
nice -n 19 node out/models/training/evaluate.js "$WORK" "$CANDIDATE" "$HELDOUT" "${EVAL_ARGS[@]}" > "$WORK/eval-candidate.json"
set +e
node out/models/training/better.js "$WORK/eval-candidate.json" "$SHIPPED_EVAL"
VERDICT=$?
if [ "$VERDICT" = 2 ] || [ ! -f "$SHIPPED_EVAL" ]; then
  set -e
  echo "measuring the shipped model on the same held-out bugs"
  nice -n 19 node out/models/training/evaluate.js "$WORK" "$OUT" "$HELDOUT" "${EVAL_ARGS[@]}" > "$WORK/eval-shipped.json"
  cp "$WORK/eval-shipped.json" "$SHIPPED_EVAL"
  set +e
  node out/models/training/better.js "$WORK/eval-candidate.json" "$SHIPPED_EVAL"
  VERDICT=$?
fi
set -e
if [ "$VERDICT" = 0 ]; then
  cp "$CANDIDATE"/*.json "$OUT/"
  cp "$CANDIDATE"/onnx/*.onnx "$OUT/onnx/"
  "$TORCH_PY" models/training/checkpoints.py small "$WORK/checkpoint.pt" "$SHIPPED_WEIGHTS"
  cp "$WORK/eval-candidate.json" "$SHIPPED_EVAL"
  echo "shipped to $OUT (commit $OUT, $SHIPPED_WEIGHTS and $SHIPPED_EVAL)"
else
  echo "not shipped: the candidate does not fix more held-out bugs than $OUT"
fi
