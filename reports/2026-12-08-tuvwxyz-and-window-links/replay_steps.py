#!/usr/bin/env python3
# Replays SE's path step by step: for each step serate took (a file written by
# reports/2026-12-04-variants/serate_chains.sh: the pencil marks before each step, then
# "ER NAME @@ ..."), asks `sudolab hint` for its step on the same marks and prints both
# ratings, "<<<<" where they differ. The first such line is where the two ladders part.
# Singles are skipped. Run from the repository's top directory after `cargo build --release`.
# SE's marks show an unplaced naked single like a filled cell, so a cell counts as filled
# only when it is a given or an earlier step of SE's placed it (a single, or a direct
# technique's placement, a chain's assumed off that contradicts itself or a chain's
# concluded on, read from the step's line).
#
#   replay_steps.py SERATE_CHAINS_OUT PUZZLE_FILE   (PUZZLE_FILE: its `variant:` line, then the puzzle)
import os, re, subprocess, sys, tempfile

out, puzzle_file = sys.argv[1], sys.argv[2]
lines=[l.rstrip('\n') for l in open(out)]
puzzle=[l.strip() for l in open(puzzle_file) if l.strip() and not l.startswith('variant')][0]
filled={k for k,ch in enumerate(puzzle) if ch not in '.0'}
def cell_index(name):
    return (int(name[1])-1)*9+int(name[3])-1
prev=None
marks_file=os.path.join(tempfile.mkdtemp(), 'marks.txt')
for i,l in enumerate(lines):
    if re.fullmatch(r'[.0-9]{729}', l):
        prev=l; continue
    m=re.match(r'^(\d+\.\d) (.*?) @@', l)
    if not m or prev is None: continue
    er=float(m.group(1)); name=m.group(2)
    placed=(re.search(r'Single: (r\dc\d): \d', name)
            or re.search(r'\|\| (r\dc\d) \|\| \d \|\| \{7\}', l)
            # a chain whose assumed off contradicts itself, or that concludes an on
            or re.search(r'(r\dc\d)\.\d off ==> .*both on & off', name)
            or re.search(r'==> (r\dc\d)\.\d on', name))
    if 'Single' in name:
        filled.add(cell_index(placed.group(1)))
        continue
    a=prev
    ent=[];cand=[]
    for k in range(81):
        mk=''.join(ch for ch in a[k*9:k*9+9] if ch!='.')
        if len(mk)==1 and k in filled: ent.append(mk); cand.append('.')
        else: ent.append('.'); cand.append(mk)
    open(marks_file,'w').write(' '.join(cand))
    r=subprocess.run(['target/release/sudolab','hint',puzzle_file,'--entries',''.join(ent),'--candidates',marks_file],capture_output=True,text=True)
    o=r.stdout.strip().split('\n')
    rs=re.search(r'Rating (\d+\.\d)', r.stdout)
    srating=float(rs.group(1)) if rs else None
    flag='' if srating==er else '  <<<<'
    print(f"{er} {name[:60]} | sudolab {srating} {o[0][:150]}{flag}")
    if placed:
        filled.add(cell_index(placed.group(1)))
