#!/usr/bin/env bash
# The image hot path under load, in one run on this machine, against one fake OpenAI-compatible upstream
# (bench/hot-path/FakeUpstream.java: a fixed 256x256 PNG as b64_json; a model ending in -delay<ms> answers
# after that long) reached three ways:
#   direct   the fake itself (the floor)
#   portkey  the Portkey gateway from npm (@portkey-ai/gateway, a pure proxy: stores nothing), when npm is reachable
#   suite    Mediagate from ./mediagate up, routing a catalog model to the fake through the real
#            openai-compatible adapter, storing every image in S3 and recording it
# Figures: sequential p50/p99, ok/s with 16 callers, a burst of 1000 generations against a 3-second upstream
# (count of each status), 5000 such generations in flight with the gateway's heap sampled, and the resident
# memory of every process afterwards. Restarts the local suite (./mediagate down, then up with the bench catalog).
# Every target is first warmed up with 16 callers for WARM seconds (unmeasured: JIT, pools, connections).
# Usage: bench/hot-path.sh   (WARM=20 SEQ=300 SECONDS_CONC=20 BURST=1000 BIG_BURST=5000 PORTKEY=1 SETTLE=15 to change;
#                             KEEP_UP=1 leaves the suite running afterwards; TRACE=1 runs the suite with tracing
#                             on, into bench/hot-path/TraceCollector.java, and prints where the time of its
#                             sequential requests goes: the spans slow it a little, so take no other figure from it)
set -euo pipefail
cd "$(dirname "$0")/.."
WARM="${WARM:-20}"; SEQ="${SEQ:-300}"; SECONDS_CONC="${SECONDS_CONC:-20}"; BURST="${BURST:-1000}"; BIG_BURST="${BIG_BURST:-5000}"
PORTKEY="${PORTKEY:-1}"; PORTKEY_VERSION=1.15.2; SETTLE="${SETTLE:-15}"
JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"; [ -x "$JAVA_HOME/bin/javac" ] || JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
export JAVA_HOME
WORK="$PWD/.mediagate/bench/hot-path"; mkdir -p "$WORK"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  sleep 2; for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

"$JAVA_HOME/bin/javac" -d "$WORK/classes" bench/hot-path/FakeUpstream.java bench/hot-path/Load.java bench/hot-path/TraceCollector.java
load() { "$JAVA_HOME/bin/java" -Xmx1g -cp "$WORK/classes" Load "$@"; }

# One fake for the sequential and concurrent phases, and a fresh one for each peer's burst, so no burst
# meets connections or work another peer left behind.
start_fake() {
  "$JAVA_HOME/bin/java" -Xmx1g -Djava.awt.headless=true -cp "$WORK/classes" FakeUpstream 0 > "$WORK/fake-$1.out" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do grep -q '^ready' "$WORK/fake-$1.out" && break; sleep 0.1; done
}
start_fake main; start_fake burst-suite; start_fake burst-portkey
FAKE_PORT=$(awk '/^ready/ {print $2}' "$WORK/fake-main.out"); PNG_BYTES=$(awk '/^ready/ {print $3}' "$WORK/fake-main.out")
SUITE_BURST_FAKE="http://127.0.0.1:$(awk '/^ready/ {print $2}' "$WORK/fake-burst-suite.out")/v1"
PK_BURST_FAKE="http://127.0.0.1:$(awk '/^ready/ {print $2}' "$WORK/fake-burst-portkey.out")/v1"
FAKE="http://127.0.0.1:$FAKE_PORT/v1"

cat > "$WORK/catalog.yaml" <<YAML
# bench/hot-path.sh: one model served by the fake upstream through the openai-compatible adapter.
providers:
  - { id: upstream, name: Bench upstream, adapter: openai-compatible, media: [image], enabled: true, baseUrl: "$FAKE", createdAt: 2026-01-01T00:00:00Z }
  - { id: slowupstream, name: Bench slow upstream, adapter: openai-compatible, media: [image], enabled: true, baseUrl: "$SUITE_BURST_FAKE", createdAt: 2026-01-01T00:00:00Z }
models:
  - id: bench/image
    displayName: Bench image
    media: image
    description: Answered at once by the fake upstream.
    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
    sizes: [256x256]
    defaultSize: 256x256
    inputs: [text]
    offers: [{ provider: upstream, price: 0.01, unit: image, upstreamModel: bench-image }]
    createdAt: 2026-01-01T00:00:00Z
  - id: bench/slow
    displayName: Bench slow image
    media: image
    description: Answered after 3 seconds by the fake upstream.
    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
    sizes: [256x256]
    defaultSize: 256x256
    inputs: [text]
    offers: [{ provider: slowupstream, price: 0.01, unit: image, upstreamModel: bench-image-delay3000 }]
    createdAt: 2026-01-01T00:00:00Z
YAML

if [ "${TRACE:-0}" = 1 ]; then
  : > "$WORK/spans.tsv"
  "$JAVA_HOME/bin/java" -Xmx256m -cp "$WORK/classes" TraceCollector serve 0 "$WORK/spans.tsv" > "$WORK/collector.out" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do grep -q '^ready' "$WORK/collector.out" && break; sleep 0.1; done
  export MEDIAGATE_OTLP_ENDPOINT="http://127.0.0.1:$(awk '/^ready/ {print $2}' "$WORK/collector.out")" MEDIAGATE_OTLP_EXPORT_DELAY=1s
fi

./mediagate down > /dev/null
MEDIAGATE_CATALOG_FILE="$WORK/catalog.yaml" ./mediagate up > "$WORK/up.log"
source .mediagate/env
admin() { curl -fsS -X "$1" "$MEDIAGATE_URL$2" -H "Authorization: Bearer $MEDIAGATE_ADMIN_KEY" -H 'Content-Type: application/json' ${3:+-d "$3"}; }
ACCOUNT=$(admin POST /v1/admin/accounts '{"name":"hot-path bench","tier":"enterprise"}' | sed -n 's/.*"id":"\(usr_[^"]*\)".*/\1/p')
admin PATCH "/v1/admin/accounts/$ACCOUNT" \
  '{"limits":{"perMinute":10000000,"perHour":10000000,"perDay":10000000,"concurrentImages":100000}}' > /dev/null
KEY=$(admin POST "/v1/admin/accounts/$ACCOUNT/keys" | sed -n 's/.*"key":"\(mg_[^"]*\)".*/\1/p')

SUITE_URL="$MEDIAGATE_URL/v1/images/generations"; SUITE_AUTH="Authorization: Bearer $KEY"
suite_body() { printf '{"model":"bench/%s","prompt":"a benchmark picture","size":"256x256"}' "$1"; }
up_body() { printf '{"model":"%s","prompt":"a benchmark picture","size":"256x256","response_format":"b64_json"}' "$1"; }

PK_URL=""
if [ "$PORTKEY" = 1 ] && command -v npm > /dev/null; then
  if [ -f "$WORK/portkey/node_modules/@portkey-ai/gateway/build/start-server.js" ] \
     || npm install --silent --no-audit --no-fund --prefix "$WORK/portkey" "@portkey-ai/gateway@$PORTKEY_VERSION" > "$WORK/npm.log" 2>&1; then
    PK_PORT=$("$JAVA_HOME/bin/java" -cp infra/launcher/target/classes io.mediagate.infra.FreePort 1)
    (cd "$WORK/portkey" && exec node node_modules/@portkey-ai/gateway/build/start-server.js --port="$PK_PORT" --headless > "$WORK/portkey.log" 2>&1) &
    pids+=($!); PK_PID=$!
    for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$PK_PORT/" && break; sleep 0.2; done
    PK_URL="http://127.0.0.1:$PK_PORT/v1/images/generations"
  else
    echo "(Portkey could not be installed from npm; see $WORK/npm.log. Its lines are skipped.)"
  fi
fi
pk() { load "$1" "$PK_URL" "$(up_body "$2")" "${@:3}" "x-portkey-provider: openai" "x-portkey-custom-host: ${PK_HOST:-$FAKE}" "Authorization: Bearer unused"; }

rss_mb() { ps -o rss= -p "$1" 2>/dev/null | awk '{printf "%d", $1/1024}' || true; }
# Proportional set size: each page shared between processes (the JVM's library, the JDK's class archive)
# counted once across them, so the sum over processes is the memory the suite really occupies.
pss_mb() { awk '/^Pss:/ {printf "%d", $2/1024}' "/proc/$1/smaps_rollup" 2>/dev/null || true; }
heap_mb() { curl -fsS "http://127.0.0.1:9080/q/metrics" 2>/dev/null \
  | awk '/^jvm_memory_used_bytes\{area="heap"/ {s+=$NF} END {printf "%d", s/1048576}'; }

echo "Hot path, $(nproc) cores, $(date -u +%F), upstream PNG $PNG_BYTES bytes as b64_json; suite stores every image"
load conc "$FAKE/images/generations" "$(up_body bench-image)" 16 "$WARM" > /dev/null
[ -n "$PK_URL" ] && pk conc bench-image 16 "$WARM" > /dev/null
load conc "$SUITE_URL" "$(suite_body image)" 16 "$WARM" "$SUITE_AUTH" > /dev/null
echo "== sequential, $SEQ requests (after a $WARM s warm-up with 16 callers and 50 unmeasured)"
printf '%-8s ' direct; load seq "$FAKE/images/generations" "$(up_body bench-image)" "$SEQ"
[ -n "$PK_URL" ] && { printf '%-8s ' portkey; pk seq bench-image "$SEQ"; }
printf '%-8s ' suite; load seq "$SUITE_URL" "$(suite_body image)" "$SEQ" "$SUITE_AUTH"
if [ "${TRACE:-0}" = 1 ]; then
  sleep 3 # the services export their spans every second
  "$JAVA_HOME/bin/java" -cp "$WORK/classes" TraceCollector report "$WORK/spans.tsv" "$SEQ"
fi
echo "== 16 callers for $SECONDS_CONC s"
printf '%-8s ' direct; load conc "$FAKE/images/generations" "$(up_body bench-image)" 16 "$SECONDS_CONC"
[ -n "$PK_URL" ] && { printf '%-8s ' portkey; pk conc bench-image 16 "$SECONDS_CONC"; }
cpu_ticks() { for f in .mediagate/pids/*; do p=$(cat "$f"); [ -r "/proc/$p/stat" ] && echo "$(basename "$f") $(awk '{print $14 + $15}' "/proc/$p/stat")"; done; }
cpu_ticks | sort > "$WORK/cpu.before"
printf '%-8s ' suite; load conc "$SUITE_URL" "$(suite_body image)" 16 "$SECONDS_CONC" "$SUITE_AUTH" | tee "$WORK/conc.out"
cpu_ticks | sort > "$WORK/cpu.after"
images=$(sed -n 's/.*n=\([0-9]*\).*/\1/p' "$WORK/conc.out")
echo "   CPU per stored image in that phase (user + system, ms):"
join "$WORK/cpu.before" "$WORK/cpu.after" | awk -v n="$images" -v hz="$(getconf CLK_TCK)" \
  '{d = ($3 - $2) * 1000 / hz; s += d; printf "     %-24s %5.2f\n", $1, d / n} END {printf "     %-24s %5.2f\n", "whole suite", s / n}'
echo "== $BURST generations at once, upstream answers after 3 s"
printf '%-8s ' suite; load burst "$SUITE_URL" "$(suite_body slow)" "$BURST" "$SUITE_AUTH"
[ -n "$PK_URL" ] && { printf '%-8s ' portkey; PK_HOST="$PK_BURST_FAKE" pk burst bench-image-delay3000 "$BURST"; }
echo "== $BIG_BURST generations in flight at once (gateway heap sampled every 0.5 s)"
( peak=0; while true; do h=$(heap_mb); [ -n "$h" ] && [ "$h" -gt "$peak" ] && { peak=$h; echo "$peak" > "$WORK/heap.peak"; }; sleep 0.5; done ) &
pids+=($!); SAMPLER=$!
echo 0 > "$WORK/heap.peak"
printf '%-8s ' suite; load burst "$SUITE_URL" "$(suite_body slow)" "$BIG_BURST" "$SUITE_AUTH"
kill "$SAMPLER" 2>/dev/null || true
echo "gateway heap used, peak while in flight: $(cat "$WORK/heap.peak") MB"
sleep "$SETTLE"
echo "== resident memory $SETTLE s after the run (MB: RSS, and PSS with shared pages counted once)"
total=0; ptotal=0
for f in .mediagate/pids/*; do
  name=$(basename "$f"); mb=$(rss_mb "$(cat "$f")"); [ -n "$mb" ] || continue
  pss=$(pss_mb "$(cat "$f")"); pss=${pss:-0}
  printf '  %-24s %5d  %5d\n' "$name" "$mb" "$pss"; total=$((total + mb)); ptotal=$((ptotal + pss))
done
printf '  %-24s %5d  %5d\n' "whole suite" "$total" "$ptotal"
[ -n "$PK_URL" ] && printf '  %-24s %5d  %5d\n' "portkey (node)" "$(rss_mb "$PK_PID")" "$(pss_mb "$PK_PID")"
# KEEP_UP=1 leaves the suite running for a look inside (jcmd, /q/metrics); ./mediagate down ends it.
[ "${KEEP_UP:-0}" = 1 ] || ./mediagate down > /dev/null
