#!/bin/sh
# Rates every puzzle of datasets/generated_25x25.txt with the nested levels on 25x25
# (`grade --nested-on-25x25`), one process per puzzle, JOBS at a time (default 2), at
# the lowest priority, and logs each puzzle's rating and wall time as it finishes.
# usage: reports/2026-12-07-nested-on-25x25/rate25.sh [SUDOLAB] [OUT_DIR] [JOBS]
set -eu
bin=${1:-target/release/sudolab}
out=${2:-/tmp/rate25}
jobs=${3:-2}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
grep -v '^#' "$root/datasets/generated_25x25.txt" | cut -d: -f1 |
    awk -v out="$out" '{ printf "%s\n", $0 > sprintf("%s/p%02d.txt", out, NR) }'
export bin out
ls "$out"/p*.txt | xargs -P "$jobs" -n 1 sh -c '
    start=$(date +%s)
    nice -n 19 "$bin" grade --threads 1 --nested-on-25x25 --format "%r/%p/%d %R" "$0" \
        > "$0.out" 2> "$0.err"
    echo "$(basename "$0") rc=$? $(( $(date +%s) - start )) s $(cat "$0.out")" >> "$out/done.log"
'
sort "$out/done.log"
