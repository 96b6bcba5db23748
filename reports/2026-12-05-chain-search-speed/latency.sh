#!/bin/sh
# hint latency on the forum's hardest (60 puzzles of each file, seed 1, one thread), and
# grade on the forum test sample (one thread, per-puzzle milliseconds in the 5th field).
# usage: reports/2026-12-05-chain-search-speed/latency.sh  (from the repository root)
set -e
cargo build --release --examples -q
cargo build --release -q
for corpus in puzzles6_forum_hardest_1106 puzzles5_forum_hardest_1905_11+; do
  target/release/examples/hint_latency "datasets/$corpus.gz" 60
done
zcat datasets/se_ratings_forum_hardest_test.se.txt.gz | grep -v '^#' | cut -d' ' -f1 |
  target/release/sudolab grade --threads 1 --format '%g %r/%p/%d %e %R' -
