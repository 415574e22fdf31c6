#!/usr/bin/env bash
# What Content Credentials (C2PA) cost: the same flows through the local suite with signing on (the default) and with
# MEDIAGATE_C2PA=off, the suite restarted between the two. Per image (local/pattern, 1024x1024, PNG and JPEG): the
# caller's time for POST /v1/images/generations (p50 and p90 of IMAGES sequential requests after a warm-up) and the
# stored file's bytes. Per video (local/motion, 10 s 1080p, VIDEOS in turn): stats.processingTime (transcode,
# thumbnail, storage) and the bytes of the main rendition and of all its variants. The two modes take turns
# (ROUNDS times each), so that both see the machine as it is; figures are medians over the rounds.
# Usage: [IMAGES=40] [VIDEOS=3] [ROUNDS=2] bench/c2pa.sh. Restarts the local suite (./mediagate down/up) and leaves it on.
set -euo pipefail
cd "$(dirname "$0")/.."
IMAGES="${IMAGES:-40}"; VIDEOS="${VIDEOS:-3}"; ROUNDS="${ROUNDS:-2}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
calc() { awk "BEGIN { print $1 }"; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
pct() { # pct P values...: the P-th percentile (nearest rank)
  local p="$1"; shift
  printf '%s\n' "$@" | sort -g | awk -v p="$p" '{ v[NR] = $1 } END { i = int((p / 100) * NR + 0.999999); if (i < 1) i = 1; print v[i] }'
}

run_mode() { # run_mode on|off round: measures one mode into $work/<mode>.<round>.*
  local mode="$1" round="$2"
  ./mediagate down > /dev/null
  MEDIAGATE_C2PA="$mode" ./mediagate up > /dev/null
  source .mediagate/env
  # An enterprise account of its own: the default user key's per-minute limit would refuse the later requests.
  local admin=(-H "Authorization: Bearer $MEDIAGATE_ADMIN_KEY" -H 'Content-Type: application/json') account key
  account=$(curl -fsS "$MEDIAGATE_URL/v1/admin/accounts" "${admin[@]}" -d '{"name":"c2pa bench","tier":"enterprise"}' | jq -r '.result.account.id')
  curl -fsS -X PATCH "$MEDIAGATE_URL/v1/admin/accounts/$account" "${admin[@]}" \
    -d '{"limits":{"perMinute":1000000,"perHour":1000000,"perDay":1000000}}' > /dev/null
  key=$(curl -fsS -X POST "$MEDIAGATE_URL/v1/admin/accounts/$account/keys" "${admin[@]}" | jq -r '.result.key.key')
  local auth=(-H "Authorization: Bearer $key" -H 'Content-Type: application/json')
  for format in png jpeg; do
    local body="{\"model\":\"local/pattern\",\"prompt\":\"bench c2pa\",\"size\":\"1024x1024\",\"output_format\":\"$format\"}"
    for _ in $(seq 1 10); do curl -s -o /dev/null "$MEDIAGATE_URL/v1/images/generations" "${auth[@]}" -d "$body"; done
    : > "$work/$mode.$round.$format.ms"; : > "$work/$mode.$round.$format.bytes"
    for _ in $(seq 1 "$IMAGES"); do
      curl -s -o "$work/reply.json" -w '%{time_total}\n' "$MEDIAGATE_URL/v1/images/generations" "${auth[@]}" -d "$body" \
        | awk '{ print $1 * 1000 }' >> "$work/$mode.$round.$format.ms"
      jq -r '.data[0].bytes' "$work/reply.json" >> "$work/$mode.$round.$format.bytes"
    done
  done
  local video='{"model":"local/motion","prompt":"bench c2pa clip","size":"1080p","duration":10}'
  curl -s -o /dev/null "$MEDIAGATE_URL/v1/videos/generations" "${auth[@]}" -d "$video" # warm-up
  : > "$work/$mode.$round.video"
  for _ in $(seq 1 "$VIDEOS"); do
    curl -s "$MEDIAGATE_URL/v1/videos/generations" "${auth[@]}" -d "$video" \
      | jq -r 'if .data then [.stats.processingTime, .data[0].bytes, ([.data[0].variants[].bytes] | add)] | @tsv
               else error("a video failed: \(.)") end' >> "$work/$mode.$round.video"
  done
}

for round in $(seq 1 "$ROUNDS"); do
  run_mode on "$round"
  run_mode off "$round"
done
./mediagate down > /dev/null && ./mediagate up > /dev/null # leave the suite as it is by default: signing on

col() { cat "$work"/$1 | cut -f"$2"; }
echo "Content Credentials cost, $(nproc) cores, $ROUNDS rounds of each mode; $IMAGES images per format, $VIDEOS videos per round"
for format in png jpeg; do
  on_ms=($(cat "$work"/on.*."$format".ms)); off_ms=($(cat "$work"/off.*."$format".ms))
  on_b="$(median $(cat "$work"/on.*."$format".bytes))"; off_b="$(median $(cat "$work"/off.*."$format".bytes))"
  printf '%-4s image  on  p50 %6.1f ms  p90 %6.1f ms  %8.0f bytes\n' "$format" "$(pct 50 "${on_ms[@]}")" "$(pct 90 "${on_ms[@]}")" "$on_b"
  printf '%-4s image  off p50 %6.1f ms  p90 %6.1f ms  %8.0f bytes\n' "$format" "$(pct 50 "${off_ms[@]}")" "$(pct 90 "${off_ms[@]}")" "$off_b"
  printf '%-4s image  signing adds %+6.1f ms at p50 (%+.0f%%) and %+.0f bytes (%+.1f%%)\n' "$format" \
    "$(calc "$(pct 50 "${on_ms[@]}") - $(pct 50 "${off_ms[@]}")")" \
    "$(calc "100 * ($(pct 50 "${on_ms[@]}") - $(pct 50 "${off_ms[@]}")) / $(pct 50 "${off_ms[@]}")")" \
    "$(calc "$on_b - $off_b")" "$(calc "100 * ($on_b - $off_b) / $off_b")"
done
on_t="$(median $(col 'on.*.video' 1))"; off_t="$(median $(col 'off.*.video' 1))"
on_m="$(median $(col 'on.*.video' 2))"; off_m="$(median $(col 'off.*.video' 2))"
on_all="$(median $(col 'on.*.video' 3))"; off_all="$(median $(col 'off.*.video' 3))"
printf 'video  on  processingTime %7.0f ms  main %9.0f bytes  variants %10.0f bytes  (runs: %s)\n' "$on_t" "$on_m" "$on_all" "$(col 'on.*.video' 1 | tr '\n' ' ')"
printf 'video  off processingTime %7.0f ms  main %9.0f bytes  variants %10.0f bytes  (runs: %s)\n' "$off_t" "$off_m" "$off_all" "$(col 'off.*.video' 1 | tr '\n' ' ')"
printf 'video  signing adds %+.0f ms of processing (%+.1f%%), %+.0f bytes to the main rendition, %+.0f bytes to its variants\n' \
  "$(calc "$on_t - $off_t")" "$(calc "100 * ($on_t - $off_t) / $off_t")" "$(calc "$on_m - $off_m")" "$(calc "$on_all - $off_all")"
