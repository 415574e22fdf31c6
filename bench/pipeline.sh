#!/usr/bin/env bash
# The video pipeline against plain ffmpeg, and with one vs two transcode workers.
#  1. ratio: a 10-second 1080p local/motion video through the running suite; its stats.processingTime
#     (transcode + thumbnail + storage, with the Kafka hops and S3 copies between them) against
#     plain ffmpeg producing the same files the same way from the same clip on this machine
#     (bench/plain-ladder.sh). The pipeline and plain ffmpeg take turns (RUNS=5 each); the ratio is the median of
#     the turns' ratios, over all turns and over the turns the hypervisor took (almost) no CPU from.
#  2. throughput: N such videos submitted at once (Prefer: respond-async), wall time until all have
#     succeeded, with the suite's one pipeline process, then again after `./mediagate worker transcode`.
# Usage: [RUNS=5] bench/pipeline.sh [videos=4]. Restarts the local suite (./mediagate down/up).
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-4}"
RUNS="${RUNS:-5}"
./mediagate down > /dev/null
./mediagate up > /dev/null
source .mediagate/env
auth=(-H "Authorization: Bearer $MEDIAGATE_USER_KEY" -H 'Content-Type: application/json')
calc() { awk "BEGIN { print $1 }"; }
body() { echo "{\"model\":\"local/motion\",\"prompt\":\"bench clip $1\",\"size\":\"1080p\",\"duration\":10}"; }

source bench/plain-ladder.sh
# Warm up with two jobs like the measured ones: a fresh JVM's JIT compilers would otherwise take CPU from ffmpeg on
# the first jobs, which a running deployment does not pay.
for i in 1 2; do curl -s -o /dev/null "$MEDIAGATE_URL/v1/videos/generations" "${auth[@]}" -d "$(body "warm up $i")"; done
plain_ffmpeg
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

echo "Video pipeline, 10 s 1080p source, $(nproc) cores"
# The pipeline and plain ffmpeg take turns, so that both see the machine as it is at that moment (a shared machine's
# speed drifts by a third within minutes); the claim is the median of each turn's ratio. Each turn's plain ffmpeg works
# on the very clip the pipeline was given in that turn: the job's main rendition, which is the provider's stream remuxed
# (local/motion delivers browser-playable H.264 at the size), so it decodes and encodes exactly as the provider's file
# does. Clips of different prompts differ in what they cost to encode by a tenth or more (moving gradients in other
# colours, speeds and shapes), so a clip of another prompt would not do.
# A virtual machine's hypervisor takes CPU time from it now and then ("steal", in /proc/stat): up to a fifth of the time
# on the machine this was written on, in bursts of seconds. Each half of a turn records the share stolen while it ran
# (for the pipeline, over the whole request: generation included); turns where neither half lost more than 5% are quiet.
cpu() { awk '/^cpu /{ print $9, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9 }' /proc/stat; }
stolen() { # "steal total" before, after: the percentage stolen in between
  local b=($1) a=($2); calc "100 * (${a[0]} - ${b[0]}) / ((${a[1]} - ${b[1]}) > 0 ? (${a[1]} - ${b[1]}) : 1)"
}
plains=(); times=(); ratios=(); steals=(); quiet=()
for i in $(seq 1 "$RUNS"); do
  c0="$(cpu)"
  answer="$(curl -s "$MEDIAGATE_URL/v1/videos/generations" "${auth[@]}" -d "$(body "ratio $i")")"
  c1="$(cpu)"
  ms=$(grep -o '"processingTime":[0-9]*' <<< "$answer" | cut -d: -f2)
  clip=$(grep -o '"url":"[^"]*\.mp4"' <<< "$answer" | head -1 | cut -d'"' -f4)
  curl -s -f -o "$work/src.mp4" "$clip" "${auth[@]}"
  c2="$(cpu)"; start=$(date +%s.%N); plain_ladder "$work/src.mp4" "$work/out"; end=$(date +%s.%N); c3="$(cpu)"
  plain="$(calc "$end - $start")"
  ratio="$(calc "$ms / 1000 / $plain")"; s1="$(stolen "$c2" "$c3")"; s2="$(stolen "$c0" "$c1")"
  plains+=("$plain"); times+=("$ms"); ratios+=("$ratio"); steals+=("$(printf '%.0f/%.0f%%' "$s1" "$s2")")
  if [ "$(calc "($s1 <= 5 && $s2 <= 5) ? 1 : 0")" = 1 ]; then quiet+=("$ratio"); fi
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf 'plain ffmpeg (same outputs), median %5.1f s   (runs: %s s)\n' "$(median "${plains[@]}")" "${plains[*]}"
printf 'pipeline processingTime, median  %6.1f s   (runs: %s ms)\n' "$(calc "$(median "${times[@]}") / 1000")" "${times[*]}"
printf 'ratio pipeline / plain ffmpeg    %6.2f   (median of each turn; turns: %s)\n' "$(median "${ratios[@]}")" \
  "$(printf '%.2f ' "${ratios[@]}")"
printf 'CPU stolen by the hypervisor     %s  (plain/pipeline, each turn)\n' "${steals[*]}"
if [ ${#quiet[@]} -gt 0 ]; then
  printf 'ratio over the quiet turns       %6.2f   (median of %d turns with at most 5%% stolen in both halves: %s)\n' \
    "$(median "${quiet[@]}")" "${#quiet[@]}" "$(printf '%.2f ' "${quiet[@]}")"
else
  echo "ratio over the quiet turns         none: every turn lost more than 5% to the hypervisor"
fi

batch() { # label
  local ids=() start end id
  start=$(date +%s.%N)
  for i in $(seq 1 "$N"); do
    id=$(curl -s "$MEDIAGATE_URL/v1/videos/generations" "${auth[@]}" -H 'Prefer: respond-async' -d "$(body "$1 $i")" \
      | grep -o '"id":"job_[A-Za-z0-9]*"' | cut -d'"' -f4)
    ids+=("$id")
  done
  for id in "${ids[@]}"; do
    until curl -s "$MEDIAGATE_URL/v1/jobs/$id" "${auth[@]}" | grep -qE '"status":"(succeeded|failed|cancelled)"'; do sleep 0.5; done
  done
  end=$(date +%s.%N)
  printf '%-32s %6.1f s for %d videos   %5.2f videos/min\n' "$1" "$(calc "$end - $start")" "$N" \
    "$(calc "$N * 60 / ($end - $start)")"
}
batch "one pipeline process"
./mediagate worker transcode > /dev/null
batch "plus one transcode worker"
./mediagate down > /dev/null
