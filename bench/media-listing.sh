#!/usr/bin/env bash
# GET /v1/media at scale: loads ROWS media rows (default one million) into a fresh PostgreSQL database,
# starts media-service (the PostgreSQL build) on it, and reports p50/p99 of listing, filtering and
# searching as seen by one caller, each query REQ times (default 200), one at a time, against the
# service directly with a signed internal token (what the gateway forwards).
# Usage: bench/media-listing.sh [rows=1000000] [requests=200]. Needs PostgreSQL on 127.0.0.1:5432.
# KEEP_DB=1 keeps the loaded database (mediagate_bench_media) for EXPLAIN ANALYZE afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS="${1:-1000000}"; REQ="${2:-200}"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
J="$JAVA_HOME/bin/java"
DB=mediagate_bench_media
WORK="$(mktemp -d)"; PIDS=()
# kill -9: the service has no broker to flush to and would wait for one on a graceful stop.
cleanup() { for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT
PSQL=(psql -q -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1)

[ -f media-service/target/quarkus-app/quarkus-run.jar ] || ./mvnw -B -q -DskipTests install -pl media-service -am > /dev/null
./mvnw -B -q -DskipTests install -pl infra/launcher,infra/s3 > /dev/null
"$J" -cp "infra/launcher/target/classes:infra/launcher/target/lib/*" io.mediagate.infra.KeyFiles "$WORK/keys"
port() { "$J" -cp infra/launcher/target/classes io.mediagate.infra.FreePort 2; }   # a port and the next one
S3PORT="$(port)"; MPORT="$(port)"
# A random S3 secret: the services refuse a short or patterned one (docs/operations.md, Configuration).
S3SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
out="$("$J" -cp infra/launcher/target/classes io.mediagate.infra.Launch s3 infra/s3/target/lib "$WORK/s3" "$S3PORT" bench "$S3SECRET")"
PIDS+=("${out%% *}")
"${PSQL[@]}" -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB"
cp -r media-service/target/quarkus-app "$WORK/app"
MEDIAGATE_DB_URL="jdbc:postgresql://127.0.0.1:5432/$DB" MEDIAGATE_KEYS_DIR="$WORK/keys" \
  MEDIAGATE_S3_ENDPOINT="http://127.0.0.1:$S3PORT" MEDIAGATE_S3_ACCESS_KEY=bench MEDIAGATE_S3_SECRET_KEY="$S3SECRET" \
  MEDIAGATE_KAFKA=127.0.0.1:1 MEDIAGATE_OUTBOX_EVERY=1h MEDIAGATE_SWEEP_EVERY=24h \
  "$J" -Xmx512m -Dquarkus.http.port="$MPORT" -Dquarkus.management.port="$((MPORT + 1))" -Dquarkus.log.level=WARN -jar "$WORK/app/quarkus-run.jar" > "$WORK/media.log" 2>&1 &
PIDS+=("$!"); disown "$!"
for _ in $(seq 1 120); do curl -fsS -o /dev/null "http://127.0.0.1:$((MPORT + 1))/q/health/live" 2>/dev/null && break; sleep 0.5; done

echo "Loading $ROWS media rows..."
start=$(date +%s)
"${PSQL[@]}" -d "$DB" <<SQL
DROP INDEX media_terms_gin;
-- One bulk insert: the count triggers are off while loading and the counts are rebuilt once after.
ALTER TABLE media DISABLE TRIGGER media_counts_insert_delete;
CREATE TEMP TABLE words AS
  SELECT i, w FROM unnest(string_to_array(
    'red blue green gold silver black white dark bright misty sunny stormy quiet ancient modern tiny giant '
    || 'fox cat dog owl whale horse dragon robot castle forest river ocean mountain desert city village garden '
    || 'portrait landscape sketch painting photo render watercolor neon pastel cinematic abstract minimal '
    || 'dawn dusk night winter summer autumn spring rain snow fog light shadow glass stone paper metal '
    || 'flying running sleeping dancing floating burning frozen glowing hidden broken', ' ')) WITH ORDINALITY AS t(w, i);
INSERT INTO media (id, owner_id, kind, mime, model, model_slug, provider, provider_name, prompt, prompt_words,
                   size_label, duration_s, width, height, bytes, total_bytes, object_key, etag, is_public, status,
                   created_at, expires_at)
SELECT 'med_bench' || lpad(g::text, 9, '0'),
       'usr_bench' || (g % 1000),
       CASE WHEN g % 10 = 0 THEN 'video' ELSE 'image' END,
       CASE WHEN g % 10 = 0 THEN 'video/mp4' ELSE 'image/png' END,
       'acme/model' || (g % 20), 'acme/model' || (g % 20) || ':' || (1 + g % 3),
       'prov' || (g % 8), 'Provider ' || (g % 8), p.prompt, ' ' || p.prompt || ' ',
       CASE WHEN g % 10 = 0 THEN '720p' ELSE '1024x1024' END,
       CASE WHEN g % 10 = 0 THEN 5 END, 1024, 1024, 500000, 500000,
       'media/med_bench' || lpad(g::text, 9, '0') || '.png', 'etag', (g % 5) <> 1, 'ready',
       now() - (g * interval '7 seconds'), now() + interval '30 days'
FROM generate_series(1, $ROWS) AS g
CROSS JOIN LATERAL (
  SELECT string_agg(wd.w, ' ' ORDER BY k) AS prompt
  FROM generate_series(1, 6 + g % 7) AS k
  JOIN words wd ON wd.i = 1 + ((g::bigint * 7919 + k * 104729 + (g / 13) * k) % (SELECT count(*) FROM words))
) p;
-- The same word index the migration made, built once over the loaded rows rather than row by row.
CREATE INDEX media_terms_gin ON media USING gin (prompt_terms, owner_id, kind, provider, model, size_label);
ALTER TABLE media ENABLE TRIGGER media_counts_insert_delete;
\o /dev/null
SELECT media_counts_rebuild();
SQL
"${PSQL[@]}" -d "$DB" -c "VACUUM ANALYZE media"
echo "loaded in $(( $(date +%s) - start )) s"

b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }
now=$(date +%s)
header=$(printf '{"alg":"RS256","typ":"JWT"}' | b64url)
claims=$(printf '{"iss":"mediagate","aud":"mediagate-internal","sub":"usr_bench7","upn":"usr_bench7","groups":["user"],"tier":"pro","iat":%d,"exp":%d}' "$now" $((now + 7200)) | b64url)
sig=$(printf '%s.%s' "$header" "$claims" | openssl dgst -sha256 -sign "$WORK/keys/internal-private.pem" -binary | b64url)
TOKEN="$header.$claims.$sig"

measure() { # label query
  local url="http://127.0.0.1:$MPORT/v1/media?$2"
  for _ in $(seq 1 20); do curl -s -o /dev/null -H "Authorization: Bearer $TOKEN" "$url"; done
  local code; code=$(curl -s -o "$WORK/last.json" -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$url")
  [ "$code" = 200 ] || { echo "$1: HTTP $code $(head -c 300 "$WORK/last.json")" >&2; exit 1; }
  local total; total=$(grep -o '"total":[0-9]*' "$WORK/last.json" | cut -d: -f2)
  grep -q '"total_exact":false' "$WORK/last.json" && total="at least $total"
  printf '%-34s ' "$1"
  for _ in $(seq 1 "$REQ"); do curl -s -o /dev/null -w '%{time_total}\n' -H "Authorization: Bearer $TOKEN" "$url"; done \
    | sort -n | awk -v t="$total" '{a[NR]=$1} END {printf "p50 %6.1f ms   p99 %6.1f ms   (total %s, n=%d)\n", a[int((NR+1)/2)]*1000, a[int(NR*0.99+0.999)]*1000, t, NR}'
}
echo "GET /v1/media on $ROWS rows (80% public, 1000 owners, 10% videos), $REQ requests each, $(nproc) cores, PostgreSQL $(psql -h 127.0.0.1 -U postgres -Atc 'show server_version')"
measure "list (own + public), newest"      "limit=25"
measure "list, oldest, page 40"            "limit=25&page=40&sort=oldest"
measure "user=me"                          "user=me"
measure "another user's public"            "user=usr_bench42"
measure "media=video"                      "media=video"
measure "model=acme/model3"                "model=acme/model3"
measure "model slug acme/model3:2"         "model=acme/model3:2"
measure "provider=prov5"                   "provider=prov5"
measure "search one word (dragon)"         "search=dragon"
measure "search two words (red fox)"       "search=red%20fox"
measure "search rare word pair"            "search=frozen%20whale"
measure "search + media + provider"        "search=castle&media=video&provider=prov2"
measure "user=me + search"                 "user=me&search=dragon"
# The totals come from media_counts (kept by triggers; tested in MediaFiltersIT): one against a real count.
want="$("${PSQL[@]}" -Atd "$DB" -c "SELECT count(*) FROM media WHERE provider = 'prov2' AND kind = 'video' AND status = 'ready' AND (owner_id = 'usr_bench7' OR is_public)")"
got="$(curl -s -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$MPORT/v1/media?provider=prov2&media=video" | grep -o '"total":[0-9]*' | cut -d: -f2)"
[ "$want" = "$got" ] || { echo "total $got differs from the rows' count $want" >&2; exit 1; }
echo "checked: total for provider=prov2&media=video is $got, as counted from the rows"
[ -n "${KEEP_DB:-}" ] || "${PSQL[@]}" -d postgres -c "DROP DATABASE IF EXISTS $DB" 2>/dev/null || true
