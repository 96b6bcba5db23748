#!/bin/bash
# Agreement with SE on every SE-rated set (held-out and development): one line per set.
# usage: agreement.sh   (from the repository's top directory; builds the example first)
set -euo pipefail
cargo build --release --example se_agreement -q
run() { # label file
  printf "%s: " "$1"
  target/release/examples/se_agreement --serate "$2" 0 |
    awk '/^solved by logic/ {s=$4} /^ER equal/ {e=$5} /^ER within 0.3/ {w=$4} /^EP equal/ {p=$3; d=$6; sub(/;/, "", p)}
         END {printf "solved %s ER equal %s within 0.3 %s EP %s ED %s\n", s, e, w, p, d}'
}
for f in se_ratings_test se_ratings_dev se_ratings_diabolical_sample; do
  run "classic ${f#se_ratings_}" "datasets/$f.se.txt.gz"
done
for f in held_out_sudoku_crate held_out_sudolab_generated; do
  run "classic $f" "datasets/$f.se.txt"
done
for v in x windoku disjoint-groups anti-king anti-knight non-consecutive; do
  for s in test test2 dev dev2; do
    f=datasets/se_ratings_variant_${v}_$s.se.txt.gz
    [ -f "$f" ] && run "$v $s" "$f"
  done
done
