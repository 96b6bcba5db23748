#!/usr/bin/env bash
# Shards on one machine with GNU parallel: one exact-cover count and one benchmark run,
# each split into N shards run as separate processes, then merged and checked against the
# same work done in one process.
#
#   examples/parallel-shards.sh [N]          (default N = 4; run from the project root)
#
# On a cluster the same commands run as array jobs (examples/slurm-array.sh): shard K/N of
# any process is the same share of the same list, so shards can run anywhere, in any order.
set -euo pipefail
n=${1:-4}
sudolab=${SUDOLAB:-target/release/sudolab}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== Langford pairs of 1..11, counted in $n shards"
parallel --halt now,fail=1 "$sudolab" cover --langford 11 --shard {}/"$n" --quiet \
  '>' "$work"/count-{}.txt ::: $(seq 1 "$n")
"$sudolab" merge-counts "$work"/count-*.txt | tee "$work/merged.txt"
"$sudolab" cover --langford 11 --mems > "$work/whole.txt"
for key in solutions nodes updates mems; do
  merged=$(sed -n "s/^$key: //p" "$work/merged.txt")
  whole=$(sed -n "s/^$key: //p" "$work/whole.txt")
  [ "$merged" = "$whole" ] || { echo "$key: shards sum to $merged, one process counts $whole"; exit 1; }
done
echo "   equal to one process: solutions, nodes, updates and mems"

echo "== magictour top1465, benchmarked in $n shards"
parallel --halt now,fail=1 "$sudolab" bench datasets/puzzles3_magictour_top1465.gz \
  --solvers bitmask,dlx --shard {}/"$n" --threads 1 --warmup 0 --quiet --out "$work"/run-{} \
  '>' /dev/null ::: $(seq 1 "$n")
"$sudolab" merge "$work"/run-* --out "$work/merged-run" > /dev/null
"$sudolab" bench datasets/puzzles3_magictour_top1465.gz --solvers bitmask,dlx --threads 1 \
  --warmup 0 --quiet --out "$work/whole-run" > /dev/null
# Everything but the times: puzzles, counts, statuses per puzzle and solver; the summary's
# puzzle, guess, node, mismatch, timeout and error columns.
rows() { cut -d, -f1-4,8,9 "$1/runs.csv" | sort; }
summary() { cut -d, -f1-3,10-12,14-16 "$1/summary.csv"; }
if ! diff <(rows "$work/merged-run") <(rows "$work/whole-run") > /dev/null \
   || ! diff <(summary "$work/merged-run") <(summary "$work/whole-run"); then
  echo "the merged run differs from the whole run"; exit 1
fi
echo "   merged run equal to one run: every count and status, the summary's puzzles, guesses, nodes and mismatches"
