#!/bin/sh
# SE's own chains, step by step: runs SukakuExplainer's serate on a puzzle file with stub
# hint templates ahead of its jar on the class path, so that `%h` (a step's long
# description, which the jar cannot print without its HTML templates) prints each step's
# arguments: for a forcing-chain step, every chain in full, literal by literal. `%m`
# before each step prints the pencil marks it starts from (729 characters), which
# `sudolab hint --entries ... --candidates ...` takes to ask sudolab for its step on the
# same position. SE is an instrument here; nothing of it is copied.
#
#   reports/2026-12-04-variants/serate_chains.sh PUZZLES OUT [serate options, e.g. --isX=1]
#
# OUT gets, per step: the marks line, then "ER NAME @@ TEMPLATE ARG0 || ARG1 || ...".
set -eu
input=$1; out=$2; shift 2
jar=${SE_JAR:-$(dirname "$0")/../../../shared/peers/se/SukakuExplainer.jar}
stubs=$(mktemp -d)
trap 'rm -rf "$stubs"' EXIT
# One stub per template a hint class names, in the class's package.
for class in $(unzip -l "$jar" | awk '{print $4}' | grep 'solver/.*\.class$'); do
    for name in $(unzip -p "$jar" "$class" | strings | grep -o '[A-Za-z0-9_-]*\.html' | sort -u); do
        mkdir -p "$stubs/$(dirname "$class")"
        echo "<html><body><p>$name {0} || {1} || {2} || {3} || {4} || {5} || {6} || {7}</p></body></html>" \
            > "$stubs/$(dirname "$class")/$name"
    done
done
java -cp "$stubs:$jar" diuf.sudoku.test.serate --format="%g %r/%p/%d %R" --before="%m" \
    --after="%r %s @@ %h" --input="$input" --threads=1 "$@" > "$out"
