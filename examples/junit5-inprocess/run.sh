#!/usr/bin/env bash
# Runs the example's tests as its own build, with Sonde's Maven wrapper. Needs Sonde's artifacts in the local
# repository (`./mvnw -B -DskipTests install` at the top); no Docker.
set -euo pipefail
cd "$(dirname "$0")"
../../mvnw -B -f pom.xml verify "$@"
