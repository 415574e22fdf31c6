#!/usr/bin/env bash
# The video pipeline against plain ffmpeg, and with one vs two transcode workers.
#  1. ratio: a 10-second 1080p local/motion video through the running suite; its stats.processingTime
#     (transcode + thumbnail + storage, with the Kafka hops and S3 copies between them) against one
#     plain ffmpeg run producing the same files from the same kind of clip on this machine.
#  2. throughput: N such videos submitted at once (Prefer: respond-async), wall time until all have
#     succeeded, with the suite's one pipeline process, then again after `./mediagate worker transcode`.
# Usage: bench/pipeline.sh [videos=4]. Restarts the local suite (./mediagate down/up).
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-4}"
./mediagate down > /dev/null
./mediagate up > /dev/null
source .mediagate/env
auth=(-H "Authorization: Bearer $MEDIAGATE_USER_KEY" -H 'Content-Type: application/json')
calc() { awk "BEGIN { print $1 }"; }
body() { echo "{\"model\":\"local/motion\",\"prompt\":\"bench clip $1\",\"size\":\"1080p\",\"duration\":10}"; }

# ffmpeg as the services use it: MEDIAGATE_FFMPEG, else the binaries they unpacked from the Maven artifact.
curl -s -o /dev/null "$MEDIAGATE_URL/v1/videos/generations" "${auth[@]}" \
  -d '{"model":"local/motion","prompt":"warm up","size":"480p","duration":1}'
if [ -n "${MEDIAGATE_FFMPEG:-}" ]; then FF="$MEDIAGATE_FFMPEG"; else
  dir="$(ls -d "${MEDIAGATE_FFMPEG_CACHE:-$HOME/.cache/mediagate}"/ffmpeg-* | head -1)"; FF="$dir/ffmpeg"
  export LD_LIBRARY_PATH="$dir"
fi
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

echo "Video pipeline, 10 s 1080p source, $(nproc) cores"
"$FF" -v error -f lavfi -i "gradients=s=1920x1080:r=24:nb_colors=4:seed=7:speed=0.02" -frames:v 240 \
  -c:v libx264 -preset veryfast -crf 21 -pix_fmt yuv420p -movflags +faststart "$work/src.mp4"
plain() {
  mkdir -p "$work/out/hls"
  "$FF" -v error -y -i "$work/src.mp4" -filter_complex \
    "[0:v]split=4[a][b][c][d];[a]scale=1920:1080,format=yuv420p[v0];[b]scale=1280:720,format=yuv420p[v1];[c]scale=854:480,format=yuv420p[v2];[d]scale=1920:1080,format=yuv420p[v3]" \
    -map '[v0]' -c:v libx264 -preset veryfast -crf 23 -g 48 -movflags +faststart "$work/out/1080p.mp4" \
    -map '[v1]' -c:v libx264 -preset veryfast -crf 23 -g 48 -movflags +faststart "$work/out/720p.mp4" \
    -map '[v2]' -c:v libx264 -preset veryfast -crf 23 -g 48 -movflags +faststart "$work/out/480p.mp4" \
    -map '[v3]' -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -row-mt 1 -crf 34 -b:v 0 "$work/out/1080p.webm"
  "$FF" -v error -y -i "$work/out/1080p.mp4" -c copy -f hls -hls_time 2 -hls_playlist_type vod \
    -hls_segment_filename "$work/out/hls/seg_%03d.ts" "$work/out/hls/index.m3u8"
  "$FF" -v error -y -ss 3.333 -i "$work/out/1080p.mp4" -frames:v 1 -q:v 3 "$work/out/thumbnail.jpg"
  "$FF" -v error -y -i "$work/out/1080p.mp4" -vf "fps=0.5,scale=320:-2,tile=5x1" -frames:v 1 -q:v 4 "$work/out/preview.jpg"
}
start=$(date +%s.%N); plain; end=$(date +%s.%N)
baseline=$(calc "$end - $start")
times=()
for i in 1 2 3; do
  ms=$(curl -s "$MEDIAGATE_URL/v1/videos/generations" "${auth[@]}" -d "$(body "ratio $i")" \
    | grep -o '"processingTime":[0-9]*' | cut -d: -f2)
  times+=("$ms")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
printf 'plain ffmpeg (same outputs)      %6.1f s\n' "$baseline"
printf 'pipeline processingTime, median  %6.1f s   (runs: %s ms)\n' "$(calc "$median / 1000")" "${times[*]}"
printf 'ratio pipeline / plain ffmpeg    %6.2f\n' "$(calc "$median / 1000 / $baseline")"

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
