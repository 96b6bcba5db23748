#!/bin/bash
# Speed against serate, one run: per band of SE's ER on the classic test split (up to 200
# puzzles a band, in file order), wall seconds of serate --threads=2 (JVM start included)
# and of sudolab grade --threads 2; with FORUM=1 also the forum test sample (20 puzzles).
# usage: speed.sh SUDOLAB_BINARY OUTDIR   (from the repository's top directory)
set -euo pipefail
sudolab=$1; out=$2; mkdir -p "$out"
serate=../shared/peers/se/serate
echo "| set | puzzles | serate s | sudolab s | serate / sudolab | ER equal |"
echo "|---|--:|--:|--:|--:|--:|"
run() { # name file
  local name=$1 file=$2 n
  n=$(wc -l < "$file")
  local t0=$(date +%s.%N)
  "$serate" "$file" --threads=2 > "$out/$name.se" 2>/dev/null
  local t1=$(date +%s.%N)
  "$sudolab" grade --threads 2 --format '%g %r/%p/%d' "$file" > "$out/$name.ours" 2>/dev/null
  local t2=$(date +%s.%N)
  local equal=$(paste -d' ' "$out/$name.se" "$out/$name.ours" | awk '{split($2,a,"/"); split($4,b,"/"); if (a[1]==b[1]) k++} END {print k+0}')
  awk -v name="$name" -v n="$n" -v s="$(echo "$t1 - $t0" | bc)" -v o="$(echo "$t2 - $t1" | bc)" -v e="$equal" \
    'BEGIN {printf "| %s | %d | %.2f | %.3f | %.1f | %d |\n", name, n, s, o, s / o, e}'
}
for band in 1 2 3 4 5 6 7 8 9; do
  zcat datasets/se_ratings_test.se.txt.gz | grep -v '^#' | awk -v b=$band '{split($2,a,"/"); if (int(a[1])==b && n < 200) {print $1; n++}}' > "$out/band$band.txt"
  [ -s "$out/band$band.txt" ] && run "classic test $band.x" "$out/band$band.txt"
done
# The forum sample takes serate about half an hour on 2 threads: only with FORUM=1.
if [ "${FORUM:-0}" = 1 ]; then
  zcat datasets/se_ratings_forum_hardest_test.se.txt.gz | grep -v '^#' | cut -d' ' -f1 > "$out/forum.txt"
  run "forum hardest test" "$out/forum.txt"
fi
