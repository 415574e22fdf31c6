#!/usr/bin/env bash
# A reuse hit against making the same picture, in one run on this machine, through the suite from ./mediagate up
# (the bundled catalog's local/pattern, whose local renderer is deterministic for a seed):
#   quote    POST /v1/quotes of the request: gateway and routing, planned and priced, no Kafka, nothing stored (the floor
#            of a request that reaches routing)
#   reused   POST /v1/images/generations with "seed" and "reuse": true after its first run: answered from the stored result
#            (a new item on the same bytes: gateway, Kafka to routing, the reuse lookup, media-service), no provider call
#   made     the same request without reuse: rendered by the local provider, signed, stored in S3 and recorded each time
# Figures: sequential p50/p99 of each (after 50 unmeasured), and the ratios reused/made and reused/quote.
# Usage: bench/reuse.sh   (SEQ=300 SIZE=512x512 to change; restarts the local suite: ./mediagate down, then up)
set -euo pipefail
cd "$(dirname "$0")/.."
SEQ="${SEQ:-300}"; SIZE="${SIZE:-512x512}"
JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"; [ -x "$JAVA_HOME/bin/javac" ] || JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
export JAVA_HOME
WORK="$PWD/.mediagate/bench/reuse"; mkdir -p "$WORK"
"$JAVA_HOME/bin/javac" -d "$WORK/classes" bench/hot-path/Load.java
load() { "$JAVA_HOME/bin/java" -Xmx1g -cp "$WORK/classes" Load "$@"; }

./mediagate down > /dev/null
./mediagate up > "$WORK/up.log"
source .mediagate/env
admin() { curl -fsS -X "$1" "$MEDIAGATE_URL$2" -H "Authorization: Bearer $MEDIAGATE_ADMIN_KEY" -H 'Content-Type: application/json' ${3:+-d "$3"}; }
ACCOUNT=$(admin POST /v1/admin/accounts '{"name":"reuse bench","tier":"enterprise"}' | sed -n 's/.*"id":"\(usr_[^"]*\)".*/\1/p')
admin PATCH "/v1/admin/accounts/$ACCOUNT" \
  '{"limits":{"perMinute":10000000,"perHour":10000000,"perDay":10000000,"concurrentImages":100000}}' > /dev/null
KEY=$(admin POST "/v1/admin/accounts/$ACCOUNT/keys" | sed -n 's/.*"key":"\(mg_[^"]*\)".*/\1/p')
AUTH="Authorization: Bearer $KEY"
request() { printf '{"model":"local/pattern","prompt":"a benchmark lighthouse","size":"%s","seed":42%s}' "$SIZE" "$1"; }

echo "== sequential, $SEQ requests each, local/pattern at $SIZE"
printf '%-8s ' quote; QUOTE=$(load seq "$MEDIAGATE_URL/v1/quotes" "{\"endpoint\":\"/v1/images/generations\",\"body\":$(request '')}" "$SEQ" "$AUTH"); echo "$QUOTE"
printf '%-8s ' reused; REUSED=$(load seq "$MEDIAGATE_URL/v1/images/generations" "$(request ',"reuse":true')" "$SEQ" "$AUTH"); echo "$REUSED"
printf '%-8s ' made; MADE=$(load seq "$MEDIAGATE_URL/v1/images/generations" "$(request '')" "$SEQ" "$AUTH"); echo "$MADE"
p99() { printf '%s' "$1" | sed -n 's/.*p99 *\([0-9.]*\) ms.*/\1/p'; }
awk -v r="$(p99 "$REUSED")" -v m="$(p99 "$MADE")" -v q="$(p99 "$QUOTE")" \
  'BEGIN { printf "p99 reused/made %.2f   reused/quote %.2f\n", r / m, r / q }'
