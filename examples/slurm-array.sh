#!/usr/bin/env bash
# A Slurm job array: shard K of N per array task, each on the cores Slurm gives it. Submit:
#
#   mkdir -p shards   # Slurm writes each task's output there
#   jobid=$(sbatch --parsable examples/slurm-array.sh)
#   sbatch --dependency=afterok:"$jobid" --wrap 'sudolab merge-counts shards/count-*.txt > total.txt'
#
# For a benchmark instead of a count, replace the srun line with
#   srun sudolab bench CORPUS --shard "$SLURM_ARRAY_TASK_ID/$N" --threads 1 --quiet --out "shards/run-$SLURM_ARRAY_TASK_ID"
# and merge with `sudolab merge shards/run-* --out merged`.
#
#SBATCH --job-name=sudolab-count
#SBATCH --array=1-16
#SBATCH --cpus-per-task=8
#SBATCH --time=12:00:00
#SBATCH --output=shards/count-%a.txt
set -euo pipefail
N=16                                  # must match --array=1-N
PROBLEM=${PROBLEM:-problem.dlx}
srun sudolab cover "$PROBLEM" --shard "$SLURM_ARRAY_TASK_ID/$N" \
  --threads "$SLURM_CPUS_PER_TASK" --quiet
