import random, sys
seed=int(sys.argv[1]); random.seed(seed)
P=int(sys.argv[2]); S=int(sys.argv[3]); O=int(sys.argv[4])
prim=[f"p{i}" for i in range(P)]; sec=[f"s{i}" for i in range(S)]
print(f"| random XCC seed {seed}")
print(" ".join(prim)+" | "+" ".join(sec))
for _ in range(O):
    items=random.sample(prim, random.randint(2,4))
    for s in random.sample(sec, random.randint(0,3)):
        c=random.choice(["", "a", "b", "c", "a"])
        items.append(s+(":"+c if c else ""))
    print(" ".join(items))
