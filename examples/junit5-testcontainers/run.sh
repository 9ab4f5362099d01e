#!/usr/bin/env bash
# Runs the example's tests as its own build, with Sonde's Maven wrapper. Needs Sonde's artifacts in the local
# repository (`./mvnw -B -DskipTests install` at the top) and the image sonde:local (docker/README.md).
set -euo pipefail
cd "$(dirname "$0")"

# The container tests need no FIX engine in their JVM: their test classpath holds sonde-testcontainers, sonde-api
# and Testcontainers, and no Artio, Aeron or Agrona jar nor any other Sonde module.
mkdir -p target
../../mvnw -B -q -f pom.xml dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile=target/test-classpath.txt "$@"
offending=$(tr ':' '\n' <target/test-classpath.txt \
    | grep -E '/(uk/co/real-logic/artio[^/]*|io/aeron|org/agrona|io/sonde/[^/]+)/' \
    | grep -vE '/io/sonde/sonde-(api|testcontainers)/' || true)
if [[ -n "$offending" ]]; then
    echo "run.sh: the test classpath holds jars the container tests must not need:" >&2
    echo "$offending" >&2
    exit 1
fi

../../mvnw -B -f pom.xml verify "$@"
