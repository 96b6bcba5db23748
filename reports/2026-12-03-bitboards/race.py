#!/usr/bin/env python3
"""Race: run each program on each instance, interleaved rounds, print median wall seconds.
usage: race.py ROUNDS INSTANCE... -- NAME=COMMAND ...  (COMMAND gets the file on stdin or {} replaced)"""
import subprocess, sys, time, statistics, os
args = sys.argv[1:]
rounds = int(args[0]); sep = args.index('--')
instances = args[1:sep]; progs = [a.split('=', 1) for a in args[sep+1:]]
times = {}
for r in range(rounds):
    for inst in instances:
        for name, cmd in progs:
            c = cmd.replace('{}', inst)
            stdin = open(inst) if '{}' not in cmd else subprocess.DEVNULL
            t = time.perf_counter()
            p = subprocess.run(c, shell=True, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            dt = time.perf_counter() - t
            if p.returncode not in (0,):
                print(f"# {name} {inst} rc {p.returncode}", file=sys.stderr)
            times.setdefault((inst, name), []).append(dt)
names = [n for n, _ in progs]
print("| instance | " + " | ".join(names) + " |")
print("|---|" + "--:|" * len(names))
for inst in instances:
    meds = [statistics.median(times[(inst, n)]) for n in names]
    print(f"| {os.path.basename(inst)} | " + " | ".join(f"{m:.3f}" for m in meds) + " |")
