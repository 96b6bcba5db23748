#!/usr/bin/env python3
"""Random MCC problems (Knuth's DLX3 format: multiplicities and colours) for sudolab's tests.

usage: mcc-generator.py SEED  -> one problem on standard output.
Primary items p0.. (3-6, each with bounds u:v, 0 <= u <= v <= 3, v >= 1), secondary items
s0.. (0-3), 4-14 options of 1-3 primary items and 0-2 secondary ones, each secondary item
with colour a, b or none. Public domain.
"""
import random, sys

seed = int(sys.argv[1])
rng = random.Random(seed)
primary = rng.randint(3, 6)
secondary = rng.randint(0, 3)
names = []
for k in range(primary):
    v = rng.randint(1, 3)
    u = rng.randint(0, v)
    names.append(f"p{k}" if (u, v) == (1, 1) else (f"{v}|p{k}" if u == v else f"{u}:{v}|p{k}"))
line = " ".join(names)
if secondary:
    line += " | " + " ".join(f"s{k}" for k in range(secondary))
print(f"| random MCC problem, seed {seed}")
print(line)
for _ in range(rng.randint(4, 14)):
    items = [f"p{k}" for k in rng.sample(range(primary), rng.randint(1, min(3, primary)))]
    if secondary:
        for k in rng.sample(range(secondary), rng.randint(0, min(2, secondary))):
            colour = rng.choice(["", ":a", ":b"])
            items.append(f"s{k}{colour}")
    print(" ".join(items))
