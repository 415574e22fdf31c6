#!/usr/bin/env bash
# Routing decision time (parameter checks + eligibility + ranking) for a model with N offers.
# Usage: bench/routing-decision.sh [offers=50] [iterations=200000]
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
./mvnw -B -q -DskipTests install -pl common,test-support,infra/launcher > /dev/null
./mvnw -B -q -DskipTests test-compile -pl routing-service > /dev/null
CP="$(./mvnw -B -q -pl routing-service dependency:build-classpath -Dmdep.outputFile=/dev/stdout -Dmdep.includeScope=test)"
"$JAVA_HOME/bin/java" -cp "routing-service/target/test-classes:routing-service/target/classes:$CP" \
  io.mediagate.routing.bench.RoutingDecisionBench "${1:-50}" "${2:-200000}"
