#!/usr/bin/env python3
"""Sizes of SE's chains in a serate_chains.sh output: for each forcing-chain step, the
literals of each chain (the assumption counted in each), their sum and their union, and the
rating SE's length rule gives the sum. Usage: chain_sizes.py OUT"""
import re
import sys

LITERAL = re.compile(r"then (r\d+c\d+) (must contain|cannot contain) the value (\d+)")
# The base rating of each forcing-chain template at SE's dynamic level (no nesting).
BASE = {
    "NishioHint": 7.5,
    "StaticCellReductionHint": 8.0,
    "StaticRegionReductionHint": 8.0,
    "DynamicContradictionHint": 8.5,
    "DynamicReductionHint": 8.5,
    "DynamicCellReductionHint": 8.5,
    "DynamicRegionReductionHint": 8.5,
}


def increment(complexity):
    """SE's length increment: 0.1 per threshold 4, 6, 8, 12, 16, ... passed by complexity - 2."""
    over, added, threshold, odd = complexity - 2, 0, 4, False
    while over > threshold:
        added += 1
        threshold = threshold * 3 // 2 if not odd else threshold * 4 // 3
        odd = not odd
    return added / 10


def records(path):
    """Each step's text: its "@@" line and the lines after it (a cell or region chain's
    listing spans several), up to the next step or pencil-mark line."""
    record = None
    for line in open(path, encoding="latin-1"):
        if "@@" in line or re.fullmatch(r"[1-9.]{81,}\n?", line):
            if record:
                yield record
            record = line if "@@" in line else None
        elif record is not None:
            record += line
    if record:
        yield record


for record in records(sys.argv[1]):
    head, html = record.split("@@", 1)
    arguments = html.split("||")
    chains = [c for a in arguments for c in re.split(r"Chain \d+:", a) if "(1) If" in c]
    if not chains:
        continue
    rating, name = head.strip().split(" ", 1)
    template = re.search(r"(\w+)\.html", arguments[0]).group(1)
    # Each chain's literals and its starting assumption (never a "then" of its own).
    sets = [{"start"} | {m.groups() for m in LITERAL.finditer(chain)} for chain in chains]
    sizes = [len(s) for s in sets]
    base = BASE.get(template)
    nested = "(+" in name
    rule = f" rule {base + increment(sum(sizes)):.1f}" if base and not nested else ""
    print(f"{rating} {name[:60]:60s} chains {sizes} sum {sum(sizes)} union {len(set().union(*sets))}{rule}")
