#!/usr/bin/env bash
# Cost of authentication + rate limiting per request at load, through the running gateway:
#   baseline  GET /q/health/live     (no auth, no limits; the management port, 9080)
#   checked   GET /v1/nothing        (API key looked up by hash in the DB + the Redis rate-limit script, then 404)
# C concurrent clients, N requests each kind, latency per request from curl. Needs ./mediagate up.
# Usage: bench/auth-limits.sh [requests=2000] [concurrency=8]
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-2000}"; C="${2:-8}"
[ -f .mediagate/env ] || { echo "run ./mediagate up first" >&2; exit 1; }
source .mediagate/env
admin() { curl -fsS -X "$1" "$MEDIAGATE_URL$2" -H "Authorization: Bearer $MEDIAGATE_ADMIN_KEY" -H 'Content-Type: application/json' ${3:+-d "$3"}; }
ACCOUNT=$(admin POST /v1/admin/accounts '{"name":"bench","tier":"enterprise"}' | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
admin PATCH "/v1/admin/accounts/$ACCOUNT" '{"limits":{"perMinute":10000000,"perHour":10000000,"perDay":10000000}}' > /dev/null
KEY=$(admin POST "/v1/admin/accounts/$ACCOUNT/keys" | sed -n 's/.*"key":"\(mg_[^"]*\)".*/\1/p')
measure() { # url [auth header]
  seq 1 "$N" | xargs -P "$C" -I{} curl -s -o /dev/null -w '%{time_total}\n' ${2:+-H "$2"} "$1" \
    | sort -n | awk '{a[NR]=$1} END {printf "p50 %6.2f ms   p99 %6.2f ms   (n=%d)\n", a[int((NR+1)/2)]*1000, a[int(NR*0.99+0.999)]*1000, NR}'
}
measure "http://127.0.0.1:9080/q/health/live" > /dev/null   # warm-up (the gateway's management port)
measure "$MEDIAGATE_URL/v1/nothing" "Authorization: Bearer $KEY" > /dev/null
echo "Auth + limits at load: $C concurrent clients, $(nproc) cores, gateway on embedded H2 + local Redis"
printf 'baseline (no auth, no limits)  '; measure "http://127.0.0.1:9080/q/health/live"
printf 'API key + rate limit, then 404 '; measure "$MEDIAGATE_URL/v1/nothing" "Authorization: Bearer $KEY"
