#!/usr/bin/env bash
# Does a big batch get in the way of live traffic? In one run on this machine: interactive image generations (one
# account) measured alone, then again while a 10,000-line batch of another account runs, both through the whole suite
# (./mediagate up, every image stored in S3 and recorded). Each kind is served by its own fake OpenAI-compatible
# upstream (bench/hot-path/FakeUpstream.java), so the figures are the suite's own interference, not a shared upstream's.
# Figures, alone, with the batch, and alone again once it is cancelled (so that warming up favours neither side):
# sequential p50/p99 and ok/s with 16 callers; the batch's lines done with no live traffic and meanwhile; the ratios
# (with / the mean of the two alone). Restarts the local suite (./mediagate down, then up with the bench catalog).
# Usage: bench/batch-interference.sh   (WARM=40 SEQ=200 SECONDS_CONC=20 LINES=10000 to change; KEEP_UP=1 leaves it running)
set -euo pipefail
cd "$(dirname "$0")/.."
WARM="${WARM:-40}"; SEQ="${SEQ:-200}"; SECONDS_CONC="${SECONDS_CONC:-20}"; LINES="${LINES:-10000}"
JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"; [ -x "$JAVA_HOME/bin/javac" ] || JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
export JAVA_HOME
WORK="$PWD/.mediagate/bench/batch-interference"; mkdir -p "$WORK"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  sleep 2; for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

"$JAVA_HOME/bin/javac" -d "$WORK/classes" bench/hot-path/FakeUpstream.java bench/hot-path/Load.java
load() { "$JAVA_HOME/bin/java" -Xmx1g -cp "$WORK/classes" Load "$@"; }
start_fake() {
  "$JAVA_HOME/bin/java" -Xmx1g -Djava.awt.headless=true -cp "$WORK/classes" FakeUpstream 0 > "$WORK/fake-$1.out" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do grep -q '^ready' "$WORK/fake-$1.out" && break; sleep 0.1; done
}
start_fake live; start_fake batch
LIVE="http://127.0.0.1:$(awk '/^ready/ {print $2}' "$WORK/fake-live.out")/v1"
BATCH="http://127.0.0.1:$(awk '/^ready/ {print $2}' "$WORK/fake-batch.out")/v1"

cat > "$WORK/catalog.yaml" <<YAML
# bench/batch-interference.sh: live requests and batch lines, each model served by its own fake upstream.
providers:
  - { id: live, name: Live upstream, adapter: openai-compatible, media: [image], enabled: true, baseUrl: "$LIVE", createdAt: 2026-01-01T00:00:00Z }
  - { id: bulk, name: Batch upstream, adapter: openai-compatible, media: [image], enabled: true, baseUrl: "$BATCH", createdAt: 2026-01-01T00:00:00Z }
models:
  - id: bench/image
    displayName: Bench image
    media: image
    description: Answered at once by the live fake.
    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
    sizes: [256x256]
    defaultSize: 256x256
    inputs: [text]
    offers: [{ provider: live, price: 0.01, unit: image, upstreamModel: bench-image }]
    createdAt: 2026-01-01T00:00:00Z
  - id: bench/bulk
    displayName: Bench batch image
    media: image
    description: Answered at once by the batch fake.
    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
    sizes: [256x256]
    defaultSize: 256x256
    inputs: [text]
    offers: [{ provider: bulk, price: 0.01, unit: image, upstreamModel: bench-image }]
    createdAt: 2026-01-01T00:00:00Z
YAML

./mediagate down > /dev/null
MEDIAGATE_CATALOG_FILE="$WORK/catalog.yaml" ./mediagate up > "$WORK/up.log"
source .mediagate/env
admin() { curl -fsS -X "$1" "$MEDIAGATE_URL$2" -H "Authorization: Bearer $MEDIAGATE_ADMIN_KEY" -H 'Content-Type: application/json' ${3:+-d "$3"}; }
account_key() {
  local id
  id=$(admin POST /v1/admin/accounts "{\"name\":\"$1\",\"tier\":\"enterprise\"}" | sed -n 's/.*"id":"\(usr_[^"]*\)".*/\1/p')
  admin PATCH "/v1/admin/accounts/$id" \
    '{"limits":{"perMinute":10000000,"perHour":10000000,"perDay":10000000,"concurrentImages":100000}}' > /dev/null
  admin POST "/v1/admin/accounts/$id/keys" | sed -n 's/.*"key":"\(mg_[^"]*\)".*/\1/p'
}
LIVE_KEY=$(account_key "live traffic"); BATCH_KEY=$(account_key "batch owner")
URL="$MEDIAGATE_URL/v1/images/generations"; AUTH="Authorization: Bearer $LIVE_KEY"
BODY='{"model":"bench/image","prompt":"a benchmark picture","size":"256x256"}'

measure() {
  printf '%-10s seq   ' "$1"; load seq "$URL" "$BODY" "$SEQ" "$AUTH" | tee "$WORK/seq-$1.out"
  printf '%-10s conc  ' "$1"; load conc "$URL" "$BODY" 16 "$SECONDS_CONC" "$AUTH" | tee "$WORK/conc-$1.out"
}
lines_done() {
  curl -fsS "$MEDIAGATE_URL/v1/batches/$1" -H "Authorization: Bearer $BATCH_KEY" > "$WORK/batch.json"
  local completed failed
  completed=$(grep -o '"completed":[0-9]*' "$WORK/batch.json" | cut -d: -f2)
  failed=$(grep -o '"failed":[0-9]*' "$WORK/batch.json" | cut -d: -f2)
  echo $((${completed:-0} + ${failed:-0}))
}

echo "Batch interference, $(nproc) cores, $(date -u +%F): live generations alone, then with a $LINES-line batch of another account"
load conc "$URL" "$BODY" 16 "$WARM" "$AUTH" > /dev/null
measure alone

for i in $(seq 1 "$LINES"); do
  printf '{"custom_id":"b%d","method":"POST","url":"/v1/images/generations","body":{"model":"bench/bulk","prompt":"batch picture %d","size":"256x256"}}\n' "$i" "$i"
done > "$WORK/batch.jsonl"
FILE=$(curl -fsS "$MEDIAGATE_URL/v1/files" -H "Authorization: Bearer $BATCH_KEY" -F purpose=batch -F "file=@$WORK/batch.jsonl" \
  | sed -n 's/.*"id":"\(file_[^"]*\)".*/\1/p')
made=$(date +%s%N)
BATCH_ID=$(curl -fsS "$MEDIAGATE_URL/v1/batches" -H "Authorization: Bearer $BATCH_KEY" -H 'Content-Type: application/json' \
  -d "{\"input_file_id\":\"$FILE\",\"endpoint\":\"/v1/images/generations\",\"completion_window\":\"24h\"}" \
  | sed -n 's/.*"id":"\(batch_[^"]*\)".*/\1/p')
now=$(date +%s%N); echo "batch $BATCH_ID of $LINES lines made in $(( (now - made) / 1000000 )) ms"
for _ in $(seq 1 120); do
  done_now=$(lines_done "$BATCH_ID"); [ "$done_now" -gt 0 ] && break; sleep 0.5
done
quiet=$(lines_done "$BATCH_ID"); sleep 20; quiet_after=$(lines_done "$BATCH_ID")
echo "batch lines done with no live traffic: $((quiet_after - quiet)) in 20 s"
before=$(lines_done "$BATCH_ID"); started=$(date +%s)
measure batch
after=$(lines_done "$BATCH_ID"); ended=$(date +%s); took=$((ended - started)); ran=$((after - before))
echo "batch lines done while measured: $ran in $took s"
curl -fsS -X POST "$MEDIAGATE_URL/v1/batches/$BATCH_ID/cancel" -H "Authorization: Bearer $BATCH_KEY" -H 'Content-Type: application/json' -d '{}' > /dev/null || true
for _ in $(seq 1 120); do
  state=$(curl -fsS "$MEDIAGATE_URL/v1/batches/$BATCH_ID" -H "Authorization: Bearer $BATCH_KEY" | grep -o '"status":"[a-z_]*"')
  [ "$state" = '"status":"cancelled"' ] && break; sleep 0.5
done
measure again
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", b / a}'; }
p50() { sed -n 's/.*p50 *\([0-9.]*\) ms.*/\1/p' "$1"; }
oks() { sed -n 's/^ *\([0-9.]*\) ok\/s.*/\1/p' "$1"; }
mean() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", (a + b) / 2}'; }
seq_alone=$(mean "$(p50 "$WORK/seq-alone.out")" "$(p50 "$WORK/seq-again.out")")
conc_alone=$(mean "$(p50 "$WORK/conc-alone.out")" "$(p50 "$WORK/conc-again.out")")
oks_alone=$(mean "$(oks "$WORK/conc-alone.out")" "$(oks "$WORK/conc-again.out")")
seq_ratio=$(ratio "$seq_alone" "$(p50 "$WORK/seq-batch.out")")
conc_ratio=$(ratio "$conc_alone" "$(p50 "$WORK/conc-batch.out")")
oks_ratio=$(ratio "$oks_alone" "$(oks "$WORK/conc-batch.out")")
echo "with the batch / alone (the mean of before and after): sequential p50 $seq_ratio, 16-caller p50 $conc_ratio, ok/s $oks_ratio"
[ "${KEEP_UP:-0}" = 1 ] || ./mediagate down > /dev/null
