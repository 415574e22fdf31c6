#!/usr/bin/env bash
# End-to-end latency a fallback adds: POST /v1/images/generations through the whole running suite for a
# model served directly, and for one whose cheaper offer always fails first (retry + fallback), with the
# circuit kept closed (every request pays) and with the default breaker (the failing offer gets skipped).
# Usage: bench/fallback-latency.sh [requests=40]. Restarts the local suite (./mediagate down/up).
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-40}"
stats() { sort -n | awk '{a[NR]=$1} END {printf "p50 %4.0f ms   p99 %4.0f ms   (n=%d)\n", a[int((NR+1)/2)]*1000, a[int(NR*0.99+0.999)]*1000, NR}'; }
run() { # model
  source .mediagate/env
  for i in $(seq 1 3); do  # warm-up
    curl -s -o /dev/null "$MEDIAGATE_URL/v1/images/generations" -H "Authorization: Bearer $MEDIAGATE_USER_KEY" \
      -H 'Content-Type: application/json' -d "{\"model\":\"$1\",\"prompt\":\"warm up $i\"}"
  done
  for i in $(seq 1 "$N"); do
    curl -s -o /dev/null -w '%{time_total}\n' "$MEDIAGATE_URL/v1/images/generations" -H "Authorization: Bearer $MEDIAGATE_USER_KEY" \
      -H 'Content-Type: application/json' -d "{\"model\":\"$1\",\"prompt\":\"bench $i\"}"
  done | stats
}
suite() { # breaker threshold
  ./mediagate down > /dev/null
  MEDIAGATE_CATALOG_FILE="$PWD/bench/catalog-fallback.yaml" MEDIAGATE_ROUTING_BREAKER_FAILURE_THRESHOLD="$1" ./mediagate up > /dev/null
}
echo "Fallback latency, $N requests each, 256x256 fake images, $(nproc) cores"
suite 1000000
printf 'direct                          '; run bench/direct
printf 'fallback, circuit kept closed   '; run bench/fallback
suite 5
printf 'fallback, default breaker       '; run bench/fallback
./mediagate down > /dev/null
