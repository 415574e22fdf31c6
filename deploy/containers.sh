# Sourced by ./mediagate after deploy/images.sh: `./mediagate up --containers` runs the six services from their images
# (built by `./mediagate images` first, so always the current code) as podman containers on the host's network, against
# the Kafka, S3 server and Redis that `./mediagate up` starts and the PostgreSQL on 127.0.0.1:5432 (one database per
# service that keeps records, as docker-compose.yml has), with the key pair mounted read-only as compose mounts it.
# The services answer on the same ports as `./mediagate up`'s; `./mediagate down` stops and removes the containers.

container_name() { echo "mediagate-$API_BASE-${1%-service}"; }

# The databases of this suite's containers: named after its state folder, so that a second suite (MEDIAGATE_HOME) has
# its own; kept across `down` and `up`, as the H2 files of `./mediagate up` are.
container_database() { # service
  echo "mg_$(printf '%s' "$STATE" | sha1sum | cut -c1-8)_${1%-service}" | tr '-' '_'
}

# Creates them when missing and lists them in containers/databases (for whoever drops a suite's data).
container_databases() {
  local svc db
  : > "$STATE/containers/databases"
  for svc in gateway-service routing-service media-service usage-service; do
    db="$(container_database "$svc")"
    psql -h 127.0.0.1 -U postgres -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1 \
      || psql -q -h 127.0.0.1 -U postgres -d postgres -c "CREATE DATABASE $db" \
      || die "could not create the database $db on 127.0.0.1:5432"
    echo "$db" >> "$STATE/containers/databases"
  done
}

# The key pair and the webhook and URL-signing keys, readable by the images' user (uid 10001) and by no one else; the
# originals stay the suite's own (0700).
container_keys() {
  local keys="$STATE/containers/keys"
  rm -rf "$keys"; mkdir -p "$keys"
  cp "$STATE/secrets/keys"/* "$keys"/
  chmod 500 "$keys"; chmod 400 "$keys"/*
  if [ "$(id -u)" = 0 ]; then chown -R 10001:10001 "$keys"; else podman unshare chown -R 10001:10001 "$keys"; fi
}

# What a service's container is told, in a file of its own (0600: it holds secrets, and `podman run -e` would show them
# in the host's process list).
container_env() { # service
  local svc=$1 file="$STATE/containers/$1.env" db
  db="$(container_database "$svc")"
  (
    umask 077
    cat > "$file" <<ENV
MEDIAGATE_KEYS_DIR=/keys
MEDIAGATE_KAFKA=127.0.0.1:$KAFKA_PORT
MEDIAGATE_REDIS=redis://127.0.0.1:$REDIS_PORT
MEDIAGATE_S3_ENDPOINT=http://127.0.0.1:$S3_PORT
MEDIAGATE_S3_ACCESS_KEY=mediagate
MEDIAGATE_S3_SECRET_KEY=$(cat "$STATE/secrets/s3-secret")
MEDIAGATE_DB_URL=jdbc:postgresql://127.0.0.1:5432/$db
MEDIAGATE_DB_USER=postgres
MEDIAGATE_DB_PASSWORD=
MEDIAGATE_PUBLIC_URL=http://127.0.0.1:${PORT[gateway-service]}
MEDIAGATE_CATALOG_URL=http://127.0.0.1:${PORT[catalog-service]}
MEDIAGATE_MEDIA_URL=http://127.0.0.1:${PORT[media-service]}
MEDIAGATE_ROUTING_URL=http://127.0.0.1:${PORT[routing-service]}
MEDIAGATE_USAGE_URL=http://127.0.0.1:${PORT[usage-service]}
MEDIAGATE_BIND_HOST=127.0.0.1
MEDIAGATE_MANAGEMENT_HOST=127.0.0.1
QUARKUS_HTTP_PORT=${PORT[$svc]}
MEDIAGATE_MANAGEMENT_PORT=${MPORT[$svc]}
JDK_JAVA_OPTIONS=-Xmx${HEAP[$svc]} ${MEDIAGATE_JVM_OPTS:-}
ENV
    [ "$svc" = gateway-service ] && echo "MEDIAGATE_ADMIN_KEY=$(cat "$STATE/secrets/admin-key")" >> "$file"
    [ -n "${MEDIAGATE_PIPELINE_STAGES:-}" ] && echo "MEDIAGATE_PIPELINE_STAGES=$MEDIAGATE_PIPELINE_STAGES" >> "$file"
    true
  )
}

# Starts a service's container (its log in the suite's logs folder, as a process's is) and records its process as the
# service's pid, so that status, readiness waits and `down` treat it as they treat a process.
start_container() { # service
  local svc=$1 name
  name="$(container_name "$svc")"
  alive "$STATE/pids/$svc" && return
  container_env "$svc"
  rotate_log "$STATE/logs/$svc.log"
  # As docker-compose.yml runs them: the root filesystem read-only with a writable /tmp (exec: the packed ffmpeg is
  # unpacked and run from there), no capabilities, no privilege escalation.
  podman run -d --replace --name "$name" --network host --env-file "$STATE/containers/$svc.env" \
    -v "$STATE/containers/keys:/keys:ro" --log-driver k8s-file --log-opt path="$STATE/logs/$svc.log" \
    --read-only --tmpfs /tmp:rw,exec,nosuid,nodev,mode=1777 --cap-drop ALL --security-opt no-new-privileges \
    "mediagate/$svc:latest" > /dev/null || die "podman could not start $name"
  podman inspect --format '{{.State.Pid}}' "$name" > "$STATE/pids/$svc"
  echo "$name" > "$STATE/pids/$svc.container"
}

# The start of up --containers and up --kube: the images of the current code, the services' databases and the
# secrets; false (having said so) when the suite runs already.
prepare_images_run() {
  find_java
  mkdir -p "$STATE/logs" "$STATE/pids" "$STATE/data" "$STATE/containers"
  if all_running; then
    say "Mediagate is already running (./mediagate down stops it)."
    print_env
    return 1
  fi
  build_infra
  cmd_images
  ensure_postgres
  container_databases
  secrets
}

cmd_up_containers() {
  prepare_images_run || return 0
  container_keys
  start_local_infra
  say "Starting the services' containers..."
  local svc
  for svc in "${SERVICES[@]}"; do start_container "$svc"; done
  for svc in "${SERVICES[@]}"; do wait_ready "$svc"; done
  # The containers' databases are PostgreSQL's, not the H2 files of `./mediagate up`: their account has a key of its own.
  bootstrap_user "$STATE/secrets/user-key-containers"
  write_env "$STATE/secrets/user-key-containers"
  print_env
}

# Stops and removes the containers `up --containers` started.
stop_containers() {
  local marker name svc
  for marker in "$STATE"/pids/*.container; do
    [ -e "$marker" ] || continue
    podman_conf
    name="$(cat "$marker")"; svc="$(basename "$marker" .container)"
    podman stop -t 20 "$name" > /dev/null 2>&1 || true
    podman rm -f "$name" > /dev/null 2>&1 || true
    rm -f "$marker" "$STATE/pids/$svc"
  done
}
