#!/usr/bin/env bash
# What signing one stored image's PUT costs: the AWS SDK's signer as media-service uses it, the SDK's S3 presigner
# for the same PUT, and the floor (the HMAC chain and hash every SigV4 signature needs), in one run.
# Usage: bench/sigv4.sh [signatures=50000]
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
./mvnw -B -q -DskipTests -Dmediagate.skip-local-build=true install -pl common,staging,ffmpeg,provenance,test-support -am > /dev/null
./mvnw -B -q -DskipTests -Dmediagate.skip-local-build=true test-compile -pl media-service > /dev/null
CP="$(./mvnw -B -q -pl media-service dependency:build-classpath -Dmdep.outputFile=/dev/stdout -Dmdep.includeScope=test)"
"$JAVA_HOME/bin/java" -cp "media-service/target/test-classes:media-service/target/classes:$CP" \
  io.mediagate.media.storage.SigningBench "${1:-50000}"
