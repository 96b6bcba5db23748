#!/usr/bin/env python3
"""SE's steps against sudolab's, position by position.

    steps_against_se.py LISTING PUZZLE [MIN_RATING]

LISTING is SE's step-by-step listing of one puzzle (`reports/2026-12-04-variants/
serate_chains.sh`, gzip or not): before each step, the 729-character pencil marks SE
starts from. At each step rated MIN_RATING or more (default 8.5), this asks `sudolab hint`
for its step on the same marks (`--entries` and `--candidates`) and prints SE's rating
and step beside sudolab's, marking `<<<` where sudolab's is lower and `>>>` where higher.
The last line counts the steps and the differences. SUDOLAB names the binary (default
the repository's target/release/sudolab).
"""
import gzip
import os
import re
import subprocess
import sys

listing, puzzle = sys.argv[1], sys.argv[2]
lowest = float(sys.argv[3]) if len(sys.argv) > 3 else 8.5
here = os.path.dirname(os.path.abspath(__file__))
binary = os.environ.get("SUDOLAB", os.path.join(here, "..", "..", "target", "release", "sudolab"))
opener = gzip.open if listing.endswith(".gz") else open
with opener(listing, "rt", encoding="latin-1") as f:
    lines = f.read().split("\n")

marks = None
step = compared = lower = higher = 0
for line in lines:
    text = line.strip()
    if re.fullmatch(r"[1-9.]{729}", text):
        marks = text
    if "@@" not in line:
        continue
    step += 1
    head = line.split("@@")[0]
    se = float(head.split()[0])
    if se < lowest:
        continue
    entries, candidates = [], []
    for cell in range(81):
        digits = [d for d in marks[9 * cell:9 * cell + 9] if d != "."]
        entries.append(digits[0] if len(digits) == 1 else ".")
        candidates.append("." if len(digits) == 1 else "".join(digits))
    out = subprocess.run(
        [binary, "hint", puzzle, "--entries", "".join(entries),
         "--candidates", " ".join(candidates)],
        capture_output=True, text=True, check=True).stdout.strip().split("\n")
    ours = float(out[-1].split()[1])
    compared += 1
    mark = ""
    if round(ours - se, 1) < 0:
        lower += 1
        mark = "  <<<"
    elif round(ours - se, 1) > 0:
        higher += 1
        mark = "  >>>"
    name = head[len(head.split()[0]):].strip()
    print(f"{step:3} SE {se:4.1f} {name[:60]:60} | sudolab {ours:4.1f} {out[0][:60]}{mark}")
print(f"{compared} steps of {lowest} and up: sudolab lower on {lower}, higher on {higher}")
