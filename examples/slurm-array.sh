#!/usr/bin/env bash
# A Slurm job array: array task K of N runs shard K/N of one sudolab job, on the cores Slurm
# gives it. N is the array's size (Slurm's SLURM_ARRAY_TASK_COUNT), so the array and the
# split cannot disagree. Submit from a shared directory:
#
#   mkdir -p shards   # Slurm writes each task's output there
#   jobid=$(sbatch --parsable examples/slurm-array.sh)
#   sbatch --dependency=afterok:"$jobid" --wrap 'sudolab merge-counts shards/sudolab-*.txt > total.txt'
#
# `afterok` starts the merge only when every task succeeded; `merge-counts` (and `merge`)
# refuse a set of shards with one missing or cut short, naming it, so re-run just that task
# (`sbatch --array=K examples/slurm-array.sh`) and merge again. Throttle with `--array=1-64%8`
# (at most 8 tasks at once). What the tasks run (environment, passed on by sbatch):
#
#   JOB=count  PROBLEM=problem.dlx     (default) count an exact-cover problem: cover --shard
#   JOB=bench  CORPUS=corpus.txt       benchmark a corpus: bench --shard, one run directory per
#                                      task in shards/run-K; `sudolab merge shards/run-* --out merged`
#   SUDOLAB=path/to/sudolab            the binary (default: sudolab on PATH)
#   SOLVERS=bitmask,dlx                bench's --solvers (default: every solver)
#
# .ci/slurm runs this script on a one-node Slurm cluster in CI, both jobs, merged and
# compared with one process, and a failing task refused.
#
#SBATCH --job-name=sudolab
#SBATCH --array=1-16
#SBATCH --cpus-per-task=8
#SBATCH --time=12:00:00
#SBATCH --output=shards/%x-%a.txt
set -euo pipefail
k=${SLURM_ARRAY_TASK_ID:?run as a Slurm array task}
n=${SLURM_ARRAY_TASK_COUNT:?run as a Slurm array task}
sudolab=${SUDOLAB:-sudolab}
threads=${SLURM_CPUS_PER_TASK:-1}
case "${JOB:-count}" in
  count)
    srun "$sudolab" cover "${PROBLEM:-problem.dlx}" --shard "$k/$n" --threads "$threads" --quiet
    ;;
  bench)
    solvers=()
    [ -n "${SOLVERS:-}" ] && solvers=(--solvers "$SOLVERS")
    srun "$sudolab" bench "${CORPUS:?name the corpus}" "${solvers[@]}" --shard "$k/$n" \
      --threads "$threads" --warmup 0 --quiet --out "shards/run-$k"
    ;;
  *)
    echo "JOB=${JOB}: count or bench" >&2
    exit 2
    ;;
esac
