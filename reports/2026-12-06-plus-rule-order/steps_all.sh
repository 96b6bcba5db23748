#!/bin/sh
# Steps rated otherwise than SE's, over every committed forum listing: for each of SE's
# steps rated 8.5 and up, sudolab's step on SE's own pencil marks
# (`reports/2026-12-05-plus-rules/steps_against_se.py`). Prints one line per listing
# and the total. SUDOLAB names the binary (default target/release/sudolab).
#
#   reports/2026-12-06-plus-rule-order/steps_all.sh
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
export SUDOLAB=${SUDOLAB:-$root/target/release/sudolab}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for listing in "$root"/reports/2026-12-05-plus-rules/serate_chains_forum_dev_*.txt.gz \
    "$root"/reports/2026-12-04-se-nested/serate_chains_forum_dev_line10.txt.gz \
    "$root"/reports/2026-12-05-nested-premises/serate_chains_forum_dev2_*.txt.gz \
    "$root"/reports/2026-12-06-plus-rule-order/serate_chains_forum_dev3_*.txt.gz \
    "$root"/reports/2026-12-06-nested-cycle-count/serate_chains_forum_dev4_*.txt.gz \
    "$root"/reports/2026-12-07-nested-cycle-premises/serate_chains_forum_dev5_*.txt.gz \
    "$root"/reports/2026-12-07-nested-cycle-once/serate_chains_forum_dev6_*.txt.gz; do
    name=$(basename "$listing" .txt.gz)
    # The puzzle is the first field of serate's last line.
    zcat "$listing" | grep -aE '^[0-9.]{81} [0-9]' | head -1 | cut -c1-81 > "$work/$name.txt"
    result=$(python3 "$root/reports/2026-12-05-plus-rules/steps_against_se.py" \
        "$listing" "$work/$name.txt" 8.5 | tail -1)
    echo "${name#serate_chains_forum_}: $result"
done | tee "$work/all"
awk '{steps += $2; lower += $(NF - 3); higher += $NF}
     END {print "total:", steps, "steps of 8.5 and up; sudolab lower on", lower ", higher on", higher}' "$work/all"
