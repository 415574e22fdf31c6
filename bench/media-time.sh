#!/usr/bin/env bash
# Media time: how soon a caller sees something and can play the result (bench/media-time.mjs, Node's own fetch).
#  - N video jobs at once (N = 1, 4, 16 by default), local/motion, 10 s 1080p, Prefer: respond-async, each followed
#    through GET /v1/jobs/{id}/events and delivering its completion to a webhook receiver of the benchmark's own:
#    per job the time from the 202 to the first event, the first preview, playable and completed, how long after the
#    end of generation playable came (server times), and the webhook's arrival after the job ended; p50 and p99.
#  - N streamed image jobs (local/pattern, 1024x1024, stream with 2 partial images): first event, first partial,
#    completed, from the request.
#  - beside them, plain ffmpeg's time for the same ladder (bench/plain-ladder.sh) on a clip local/motion made here (a
#    video job of its own, 10 s 1080p, its main rendition: the model's stream remuxed). Clips of other prompts cost up
#    to a fifth more or less to encode, so this is a figure to set the others by, not a floor for each job.
# Usage: bench/media-time.sh [counts=1,4,16]. Restarts the local suite (./mediagate down/up) with webhooks to
# private addresses allowed (the receiver listens on 127.0.0.1).
set -euo pipefail
cd "$(dirname "$0")/.."
COUNTS="${1:-1,4,16}"
source bench/plain-ladder.sh
./mediagate down > /dev/null
MEDIAGATE_WEBHOOKS_ALLOW_PRIVATE=true ./mediagate up > /dev/null
source .mediagate/env
admin() { curl -fsS -X "$1" "$MEDIAGATE_URL$2" -H "Authorization: Bearer $MEDIAGATE_ADMIN_KEY" -H 'Content-Type: application/json' ${3:+-d "$3"}; }
ACCOUNT=$(admin POST /v1/admin/accounts '{"name":"media-time bench","tier":"enterprise"}' | sed -n 's/.*"id":"\(usr_[^"]*\)".*/\1/p')
KEY=$(admin POST "/v1/admin/accounts/$ACCOUNT/keys" | sed -n 's/.*"key":"\(mg_[^"]*\)".*/\1/p')
# A warm-up job, so that the first batch does not pay for the services' first calls.
curl -s -o /dev/null "$MEDIAGATE_URL/v1/videos/generations" -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
  -d '{"model":"local/motion","prompt":"warm up","size":"480p","duration":1}'

echo "Media time, $(nproc) cores, $(date -u +%F)"
MEDIAGATE_URL="$MEDIAGATE_URL" KEY="$KEY" node bench/media-time.mjs "$COUNTS"

plain_ffmpeg
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
clip=$(curl -s "$MEDIAGATE_URL/v1/videos/generations" -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
  -d '{"model":"local/motion","prompt":"media time plain ffmpeg clip","size":"1080p","duration":10}' \
  | grep -o '"url":"[^"]*\.mp4"' | head -1 | cut -d'"' -f4)
curl -sf -o "$work/src.mp4" "$clip" -H "Authorization: Bearer $KEY"
start=$(date +%s.%N); plain_ladder "$work/src.mp4" "$work/out"; end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "plain ffmpeg, the same ladder from a 10 s 1080p clip: %.2f s\n", e - s }'
./mediagate down > /dev/null
