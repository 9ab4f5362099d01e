#!/usr/bin/env bash
# JMH microbenchmarks of Sonde's hot path, with the gc profiler, then an allocation check.
#
#   benchmarks/run.sh [--smoke] [JMH options] [benchmark regex...]
#
# Builds benchmarks/target/benchmarks.jar first when it is missing or older than any source or pom.
# Defaults suit a small shared host: one fork, 3 warm-up and 5 measured iterations of 1 s each. --smoke
# runs one 1 s warm-up and one 1 s iteration of each, to prove they run and do not allocate. A JMH option
# given overrides its default (JMH refuses an option given twice); -rf is always json. The results go to
# benchmarks/target/jmh-result.json (or -rff FILE), and the run fails when a benchmark fails (-foe true) or
# allocates more than MAX_BYTES_PER_OP (default 1) bytes per operation.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
jar="$here/target/benchmarks.jar"
max_bytes_per_op=${MAX_BYTES_PER_OP:-1}

smoke=false
if [[ ${1:-} == --smoke ]]
then
    smoke=true
    shift
fi

given=("$@")
has_option()
{
    local arg
    for arg in "${given[@]}"
    do
        [[ $arg == "$1" ]] && return 0
    done
    return 1
}
option_value()
{
    local i
    for ((i = 0; i + 1 < ${#given[@]}; i++))
    do
        if [[ ${given[i]} == "$1" ]]
        then
            echo "${given[i + 1]}"
            return
        fi
    done
}

# Built when missing or stale, so numbers never come from code older than the tree.
if [[ ! -f $jar ]] || [[ -n $(find "$root" -path "$root/*/target" -prune -o \
    \( -path '*/src/main/*' -o -name pom.xml \) -newer "$jar" -print -quit) ]]
then
    echo "run.sh: building $jar" >&2
    (cd "$root" && ./mvnw -B -q -DskipTests -pl benchmarks -am package)
fi

if $smoke
then
    defaults=(-f 1 -wi 1 -w 1s -i 1 -r 1s -foe true)
else
    defaults=(-f 1 -wi 3 -w 1s -i 5 -r 1s -foe true)
fi
options=()
for ((i = 0; i < ${#defaults[@]}; i += 2))
do
    has_option "${defaults[i]}" || options+=("${defaults[i]}" "${defaults[i + 1]}")
done
results=$(option_value -rff)
if [[ -z $results ]]
then
    results="$here/target/jmh-result.json"
    options+=(-rff "$results")
fi
options+=(-rf json)
has_option gc || options+=(-prof gc)

rm -f "$results"
java -jar "$jar" "${options[@]}" "$@"
if [[ ! -f $results ]]
then
    # Only a listing or help option runs no benchmark and succeeds; a failed benchmark stops the script above.
    exit 0
fi
python3 "$here/check-allocation.py" --max-bytes-per-op "$max_bytes_per_op" "$results"
