#!/usr/bin/env bash
# Learning from execution, on top of a patch model trained by train.sh (work/checkpoint.pt):
# traces, neural bugs by backtranslation, and RewardRepair-style reward fine-tuning. Every
# model it makes is measured side by side on held-out executable bugs, and the best one by
# those measurements is shipped to models/deepdebug-small/.
#
#   bash models/training/execution.sh [MINUTES]            every stage in order (default 30)
#   bash models/training/execution.sh MINUTES STAGE...     only these stages
#
# Stages (each reads what the ones before it wrote in work/):
#   bugs      executable training bugs: up to three bugs in each function of bench/real's
#             subjects (at most 120 per subject) that make a covering test fail, dev-split
#             functions only (the test split stays held out): work/executable-train.jsonl
#   inputs    model inputs with and without the failure's trace, made by the product's pytest
#             runner and input builder: for those bugs and bench/real's dev bugs (training),
#             and bench/real's test bugs (held out: work/executable-heldout.jsonl)
#   neural    the bug-creator (the patch model continued on reversed pairs, fixed -> buggy)
#             and the neural bugs it writes into the corpus's bug-free functions
#   patchers  two continuations of work/checkpoint.pt, MINUTES each, in parallel: "traced"
#             (synthetic + traced executable examples) and "neural" (the same + neural bugs)
#   reward    samples of the better patcher on training bugs (bench/real's dev bugs and 120
#             others), validated by the product's validator; rewards -> train.py --rewards,
#             plus near-misses as new buggy inputs; a MINUTES/3 fine-tune of it: "reward"
#   compare   the shipped model and the three new ones on the held-out executable bugs (one
#             run, the same samples budget) and on the synthetic held-out bugs (evaluate.ts)
#   ship      the candidate with the most held-out executable bugs fixed exactly (then
#             validated) replaces models/deepdebug-small/ if it beats it
#
# Needs what train.sh needs, plus bench/real's subjects (bench/real/README.md: apt packages)
# and bubblewrap for the validator's sandbox (optional).
set -euo pipefail
cd "$(dirname "$0")/../.."
MINUTES="${1:-30}"
shift || true
STAGES=("$@")
[ ${#STAGES[@]} -gt 0 ] || STAGES=(bugs inputs neural patchers reward compare ship)
WORK=models/training/work
TORCH_PY=/usr/bin/python3
SHIPPED=models/deepdebug-small
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
if grep -q avx512f /proc/cpuinfo; then export OPENBLAS_CORETYPE=SkylakeX; fi
TRAINING_INPUTS='inputs-*.jsonl,executable-train-inputs.jsonl*3,executable-dev-inputs.jsonl*3'
CANDIDATES=(traced neural reward)

train() { # NAME INIT MINUTES INPUTS [train.py options...]
  local name=$1 init=$2 minutes=$3 inputs=$4
  shift 4
  nice -n 19 "$TORCH_PY" models/training/train.py "$WORK" --minutes "$minutes" --threads 1 --warmup 50 \
    --init "$init" --out "$WORK/$name.pt" --inputs "$inputs" "$@" > "$WORK/$name-train.log"
}

package() { # NAME: export work/NAME.pt to work/NAME/ (one at a time: export uses work/onnx-fp32)
  mkdir -p "$WORK/$1"
  cp "$WORK"/tok/tokenizer.json "$WORK"/tok/tokenizer_config.json "$WORK/$1/"
  "$TORCH_PY" models/training/export.py "$WORK" "$WORK/$1" --checkpoint "$WORK/$1.pt" --trace
  node out/models/training/check-onnx.js "$WORK" "$WORK/$1/onnx"
}

evaluate() { # NAME DIR: evaluate.ts results in work/eval-NAME.json, unless newer than the model
  if [ ! "$WORK/eval-$1.json" -nt "$2/onnx/decoder_model_merged.onnx" ]; then
    node out/models/training/evaluate.js "$WORK" "$2" models/training/heldout-ids.txt --focal-only > "$WORK/eval-$1.json"
  fi
}

sample() { # MODEL_NAME OUT: the model's samples on training bugs (all dev bugs, 120 others), validated
  node out/models/training/executable.js sample "$WORK/executable-train.jsonl" "$WORK/executable-train-inputs.jsonl" \
    "$2.train" --model "$1=$WORK/$1" --samples 10 --jobs 2 --limit 120
  node out/models/training/executable.js sample bench/real/bugs.jsonl "$WORK/executable-dev-inputs.jsonl" \
    "$2.dev" --model "$1=$WORK/$1" --samples 10 --jobs 2
  cat "$2.train" "$2.dev" > "$2"
}

# The training scripts are TypeScript, run compiled (out/models/training/).
npx tsc -p tsconfig.test.json

for stage in "${STAGES[@]}"; do
  echo "== $stage"
  case "$stage" in
    bugs)
      nice -n 5 "$TORCH_PY" bench/real/make_bugs.py generate --seed 2 --split dev --per-function 3 \
        --per-subject 120 --jobs 2 --out "$WORK/executable-train.jsonl"
      ;;
    inputs)
      node out/models/training/executable.js inputs "$WORK/executable-train.jsonl" "$WORK/executable-train-inputs.jsonl"
      node out/models/training/executable.js inputs bench/real/bugs.jsonl "$WORK/executable-dev-inputs.jsonl" --split dev
      node out/models/training/executable.js inputs bench/real/bugs.jsonl "$WORK/executable-heldout.jsonl" --split test
      ;;
    neural)
      "$TORCH_PY" models/training/backtranslate.py reverse "$WORK" "$WORK/bugcreator"
      nice -n 19 "$TORCH_PY" models/training/train.py "$WORK/bugcreator" --minutes "$MINUTES" --threads 1 --warmup 50 \
        --init "$WORK/checkpoint.pt" --out "$WORK/bugcreator/bugcreator.pt" > "$WORK/bugcreator/train.log"
      "$TORCH_PY" models/training/backtranslate.py sample "$WORK" "$WORK/bugcreator/bugcreator.pt" \
        "$WORK/neural-inputs.jsonl" --per-function 2 --limit 6000
      ;;
    patchers)
      train traced "$WORK/checkpoint.pt" "$MINUTES" "$TRAINING_INPUTS" &
      train neural "$WORK/checkpoint.pt" "$MINUTES" "$TRAINING_INPUTS,neural-inputs.jsonl" &
      wait
      package traced
      package neural
      ;;
    reward)
      # The better patcher by exact fixes on the synthetic held-out bugs (never the executable ones).
      evaluate traced "$WORK/traced" & evaluate neural "$WORK/neural" & wait
      BASE=$(node out/models/training/better.js "$WORK/eval-neural.json" "$WORK/eval-traced.json" && echo neural || echo traced)
      echo "reward fine-tuning starts from $BASE"
      sample "$BASE" "$WORK/reward-samples.jsonl"
      node out/models/training/executable.js rewards "$WORK/reward-samples.jsonl" "$WORK/rewards.jsonl" "$BASE"
      "$TORCH_PY" models/training/backtranslate.py near-misses "$WORK/reward-samples.jsonl" "$WORK/near-miss-inputs.jsonl"
      INPUTS="$TRAINING_INPUTS,near-miss-inputs.jsonl*2"
      [ "$BASE" = neural ] && INPUTS="$INPUTS,neural-inputs.jsonl"
      train reward "$WORK/$BASE.pt" "$(( MINUTES / 3 ))" "$INPUTS" --rewards "$WORK/rewards.jsonl" --reward-repeat 2 --lr 5e-4
      package reward
      ;;
    compare)
      MODELS=(--model "shipped=$SHIPPED")
      for name in "${CANDIDATES[@]}"; do MODELS+=(--model "$name=$WORK/$name"); done
      # The synthetic held-out evaluations run beside the executable comparison.
      (evaluate shipped "$SHIPPED"; for name in "${CANDIDATES[@]}"; do evaluate "$name" "$WORK/$name"; done) &
      node out/models/training/executable.js sample bench/real/bugs.jsonl "$WORK/executable-heldout.jsonl" \
        "$WORK/compare-samples.jsonl" "${MODELS[@]}" --samples 10 --jobs 2 > "$WORK/compare.json"
      wait
      cat "$WORK/compare.json"
      ;;
    ship)
      BEST=$(node out/models/training/best.js "$WORK/compare.json" shipped "${CANDIDATES[@]}")
      if [ "$BEST" = shipped ]; then
        echo "not shipped: no candidate fixes more held-out executable bugs than $SHIPPED"
      else
        cp "$WORK/$BEST"/*.json "$SHIPPED/"
        cp "$WORK/$BEST"/onnx/*.onnx "$SHIPPED/onnx/"
        cp "$WORK/eval-$BEST.json" "$WORK/eval.json"
        echo "shipped $BEST to $SHIPPED"
      fi
      ;;
    *) echo "unknown stage: $stage" >&2; exit 2 ;;
  esac
done
