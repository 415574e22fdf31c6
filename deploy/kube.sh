# Sourced by ./mediagate after deploy/containers.sh: `./mediagate up --kube` plays the rendered small overlay
# (k8s/overlays/small) with `podman kube play`, from the images `./mediagate images` builds, against the Kafka, S3
# server and Redis that `./mediagate up` starts and the PostgreSQL on 127.0.0.1:5432. The manifests are the ones a
# cluster gets, copied to $STATE/kube/k8s with the overlay's secrets/ written from this suite's own secrets, as an
# operator writes them; a kustomization of this suite's own (in $STATE/kube) changes only what one machine without a
# cluster needs, and the report it prints names every change and every kind that is not played. `./mediagate down`
# takes the pods down. Pods, secrets and the keys' volumes are named as the manifests name them: one played suite per
# machine.

KUBE_OVERLAY="$STATE/kube/k8s/overlays/small"
# Podman's Deployments share the host's network, so each has ports of its own: the five services up's, the three
# pipeline stages video-pipeline-service's and the two numbers up leaves free (API_BASE+1 and +7).
PORT[video-pipeline-transcode]=${PORT[video-pipeline-service]}; MPORT[video-pipeline-transcode]=${MPORT[video-pipeline-service]}
PORT[video-pipeline-thumbnail]=$((API_BASE + 1)); MPORT[video-pipeline-thumbnail]=$((MANAGEMENT_BASE + 1))
PORT[video-pipeline-storage]=$((API_BASE + 7)); MPORT[video-pipeline-storage]=$((MANAGEMENT_BASE + 7))
# What podman kube play (4.3, Debian's) does with the kinds of the overlay.
declare -A KUBE_PLAYED=([Deployment]=played [ConfigMap]="played (the configuration through envFrom; the topics Job's script, unused)"
  [Secret]="stood in for by podman secrets of the same names, in the form podman 4.3 reads (its own play of a Secret stores a form its envFrom and secret volumes misread)"
  [Job]="not played: podman kube play has no such kind (the local Kafka's launcher creates the topics; it asks no login, so there are no ACLs)")

kube_deployments() { # the rendered overlay's Deployments, one name a line
  awk '/^---/{kind=""} /^kind: /{kind=$2} kind=="Deployment" && /^  name: /{print $2}' "$1"
}

kube_kinds() { # how many objects of each kind the rendered overlay has: "count kind" lines
  awk '/^kind: /{print $2}' "$1" | sort | uniq -c | awk '{print $1, $2}'
}

# The manifests as an operator deploys them: a copy of k8s/ whose small overlay has its secrets/ written (0600, in a
# folder of mode 0700), from this suite's secrets: the admin key, the S3 server's key, random Kafka passwords (the local
# Kafka asks none), no database password (the local PostgreSQL trusts 127.0.0.1) and no Redis password (nor does the
# local Redis). The generated Secrets keep the names the manifests give them (podman has no rollouts to trigger).
kube_manifests() {
  local copy="$STATE/kube/k8s" secrets="$STATE/kube/k8s/overlays/small/secrets" f kafka
  rm -rf "$copy"; cp -r "$ROOT/k8s" "$copy"
  printf 'generatorOptions: {disableNameSuffixHash: true}\n' >> "$copy/overlays/small/kustomization.yaml"
  (
    umask 077
    mkdir -p "$secrets/keys"
    cp "$STATE/secrets/keys"/* "$secrets/keys/"
    kafka() { printf 'MEDIAGATE_KAFKA_PASSWORD=%s\n' "$(random_token)"; }
    s3() { printf 'MEDIAGATE_S3_ACCESS_KEY=mediagate\nMEDIAGATE_S3_SECRET_KEY=%s\n' "$(cat "$STATE/secrets/s3-secret")"; }
    { printf 'MEDIAGATE_ADMIN_KEY=%s\nMEDIAGATE_DB_PASSWORD=\nMEDIAGATE_REDIS_PASSWORD=\n' "$(cat "$STATE/secrets/admin-key")"; kafka; } \
      > "$secrets/gateway-service.env"
    { printf 'MEDIAGATE_DB_PASSWORD=\n'; s3; kafka; } > "$secrets/routing-service.env"
    kafka > "$secrets/catalog-service.env"
    { printf 'MEDIAGATE_DB_PASSWORD=\n'; s3; kafka; } > "$secrets/media-service.env"
    { printf 'MEDIAGATE_DB_PASSWORD=\n'; kafka; } > "$secrets/usage-service.env"
    { s3; kafka; } > "$secrets/video-pipeline.env"
    { printf 'MEDIAGATE_KAFKA_USER=admin\n'; kafka; } > "$secrets/kafka-admin.env"
    printf 'username=mediagate-keda\npassword=%s\n' "$(random_token)" > "$secrets/keda-kafka.env"
  )
}

# This machine's kustomization over the small overlay, as JSON patches (a path the overlay no longer has fails the
# render, so a change of the manifests is noticed here).
kube_kustomization() { # deployments...
  local dir="$STATE/kube" d db
  # kustomize takes a base by a relative path only.
  {
    cat <<YAML
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - $(realpath --relative-to="$dir" "$KUBE_OVERLAY")
patches:
  - target: {kind: ConfigMap, name: mediagate-config}
    patch: |
      - {op: replace, path: /data/MEDIAGATE_KAFKA, value: "127.0.0.1:$KAFKA_PORT"}
      - {op: replace, path: /data/MEDIAGATE_REDIS, value: "redis://127.0.0.1:$REDIS_PORT"}
      - {op: replace, path: /data/MEDIAGATE_S3_ENDPOINT, value: "http://127.0.0.1:$S3_PORT"}
      - {op: replace, path: /data/MEDIAGATE_PUBLIC_URL, value: "http://127.0.0.1:${PORT[gateway-service]}"}
      - {op: replace, path: /data/MEDIAGATE_CATALOG_URL, value: "http://127.0.0.1:${PORT[catalog-service]}"}
      - {op: replace, path: /data/MEDIAGATE_MEDIA_URL, value: "http://127.0.0.1:${PORT[media-service]}"}
      - {op: replace, path: /data/MEDIAGATE_ROUTING_URL, value: "http://127.0.0.1:${PORT[routing-service]}"}
      - {op: replace, path: /data/MEDIAGATE_USAGE_URL, value: "http://127.0.0.1:${PORT[usage-service]}"}
      - {op: replace, path: /data/MEDIAGATE_KAFKA_SECURITY_PROTOCOL, value: PLAINTEXT}
      - {op: remove, path: /data/MEDIAGATE_OTLP_ENDPOINT}
      - {op: add, path: /data/MEDIAGATE_BIND_HOST, value: 127.0.0.1}
      - {op: add, path: /data/MEDIAGATE_MANAGEMENT_HOST, value: 127.0.0.1}
  - target: {kind: Deployment}
    patch: |
      - {op: add, path: /spec/template/spec/hostNetwork, value: true}
      - {op: remove, path: /spec/template/spec/containers/0/ports}
      - {op: remove, path: /spec/template/spec/containers/0/readinessProbe}
      - {op: remove, path: /spec/template/spec/containers/0/livenessProbe}
      - {op: add, path: /spec/template/spec/containers/0/imagePullPolicy, value: IfNotPresent}
      - {op: add, path: /spec/template/spec/volumes/0/secret/optional, value: false}
YAML
    for d in "$@"; do
      [ -n "${PORT[$d]:-}" ] || die "the small overlay has a Deployment ($d) that deploy/kube.sh gives no port"
      cat <<YAML
  - target: {kind: Deployment, name: $d}
    patch: |
      - {op: add, path: /spec/template/spec/containers/0/env/-, value: {name: QUARKUS_HTTP_PORT, value: "${PORT[$d]}"}}
      - {op: add, path: /spec/template/spec/containers/0/env/-, value: {name: MEDIAGATE_MANAGEMENT_PORT, value: "${MPORT[$d]}"}}
YAML
      db="$(container_database "$d")"
      if grep -qx "$db" "$STATE/containers/databases"; then
        printf '      - {op: test, path: /spec/template/spec/containers/0/env/0/name, value: MEDIAGATE_DB_URL}\n'
        printf '      - {op: replace, path: /spec/template/spec/containers/0/env/0/value, value: "jdbc:postgresql://127.0.0.1:5432/%s"}\n' "$db"
        printf '      - {op: test, path: /spec/template/spec/containers/0/env/1/name, value: MEDIAGATE_DB_USER}\n'
        printf '      - {op: replace, path: /spec/template/spec/containers/0/env/1/value, value: postgres}\n'
      fi
    done
  } > "$dir/kustomization.yaml"
}

# The Secrets of the rendered manifests, each key a line "<secret> <key>" (the keys of its data).
kube_secret_keys() { # rendered manifests
  awk 'function flush() { if (kind == "Secret") for (i = 1; i <= n; i++) print name, keys[i]; kind = ""; name = ""; n = 0; part = "" }
       /^---/ { flush(); next }
       /^[a-zA-Z]/ { part = $1 }
       /^kind: / { kind = $2 }
       part == "metadata:" && /^  name: / { name = $2 }
       part == "data:" && /^  [^ ]/ { key = $1; sub(/:$/, "", key); keys[++n] = key }
       END { flush() }' "$1"
}

# The rendered manifests without their Secrets (podman secrets stand in for them).
kube_without_secrets() { # rendered manifests
  awk 'function flush() { if (doc != "" && kind != "Secret") printf "---\n%s", doc; doc = ""; kind = "" }
       /^---/ { flush(); next }
       /^kind: / { kind = $2 }
       { doc = doc $0 "\n" }
       END { flush() }' "$1"
}

# Each Secret as a podman secret of its name, from the files kube_manifests wrote, in the form podman 4.3 reads: a key
# Secret (mounted as a volume) as a Secret whose data are the files' text, not base64; any other (envFrom) as a JSON
# object of base64 values.
kube_secrets() { # rendered manifests
  local dir="$STATE/kube" files="$STATE/kube/k8s/overlays/small/secrets" secret key previous="" value
  kube_forget_secrets
  kube_secret_keys "$1" > "$dir/secrets"
  (
    umask 077
    while read -r secret key; do
      if [ "$secret" != "$previous" ]; then
        [ -n "$previous" ] && kube_secret_close "$previous"
        previous=$secret
        case "$secret" in
          *-keys) printf 'apiVersion: v1\nkind: Secret\nmetadata: {name: %s}\ndata:\n' "$secret" > "$dir/$secret.secret";;
          *) printf '{' > "$dir/$secret.secret";;
        esac
      fi
      case "$secret" in
        *-keys) { printf '  %s: |\n' "$key"; sed 's/^/    /' "$files/keys/$key"; } >> "$dir/$secret.secret";;
        *) value="$(sed -n "s/^$key=//p" "$files/${secret%-env}.env" | head -1)"
           [ "$(cat "$dir/$secret.secret")" = "{" ] || printf ',' >> "$dir/$secret.secret"
           printf '"%s":"%s"' "$key" "$(printf '%s' "$value" | base64 -w0)" >> "$dir/$secret.secret";;
      esac
    done < "$dir/secrets"
    [ -n "$previous" ] && kube_secret_close "$previous"
  )
}

kube_secret_close() { # secret: stores what kube_secrets wrote for it as a podman secret, and removes the file
  local file="$STATE/kube/$1.secret"
  case "$1" in *-keys) ;; *) printf '}\n' >> "$file";; esac
  podman secret create "$1" "$file" > /dev/null || die "podman could not store the secret $1"
  rm -f "$file"
}

# Removes the podman secrets and the keys' volumes a play made (a secret volume's files are kept in a volume of the
# secret's name).
kube_forget_secrets() {
  local secret
  [ -f "$STATE/kube/secrets" ] || return 0
  for secret in $(cut -d' ' -f1 "$STATE/kube/secrets" | sort -u); do
    podman secret rm "$secret" > /dev/null 2>&1 || true
    podman volume rm -f "$secret" > /dev/null 2>&1 || true
  done
}

# What was played, what was changed for this machine and what was not played, in $STATE/kube/report.
kube_report() { # rendered-overlay deployments...
  local rendered=$1 count kind; shift
  {
    say "Played k8s/overlays/small with podman kube play ($(podman --version)):"
    while read -r count kind; do
      say "  $kind x$count: ${KUBE_PLAYED[$kind]:-not played: podman kube play has no such kind}"
    done < <(kube_kinds "$rendered")
    say "Changed for one machine without a cluster (see $STATE/kube/kustomization.yaml):"
    say "  every Deployment: the host's network and ports of its own (no Services, so no cluster DNS); the ConfigMap's"
    say "    addresses: 127.0.0.1 (the local Kafka, S3 server, Redis, PostgreSQL and the services' ports); no trace collector"
    say "  probes left out: podman turns an httpGet probe into a curl healthcheck and the images carry no curl;"
    say "    ./mediagate up --kube waits for each Deployment's readiness path on its management port instead"
    say "  the keys' secret volume marked optional: false (podman 4.3 fails on a secret volume that does not say)"
    say "  the ConfigMap's Kafka: PLAINTEXT (the local Kafka asks no login); the databases' user: postgres (trusted on 127.0.0.1)"
    say "  the Secrets: generated from secrets/ written from this suite's own (see $STATE/kube/k8s/overlays/small/secrets),"
    say "    named without the hash suffix kustomize adds for rollouts (podman has none)"
    local d
    for d in "$@"; do say "  $d: port ${PORT[$d]}, management port ${MPORT[$d]}"; done
  } > "$STATE/kube/report"
}

cmd_up_kube() {
  "${MEDIAGATE_KUBECTL:-kubectl}" kustomize --help > /dev/null 2>&1 || die "kubectl with kustomize is needed: sudo apt-get install kubectl"
  prepare_images_run || return 0
  mkdir -p "$STATE/kube"
  start_local_infra
  local overlay="$STATE/kube/overlay.yaml" played="$STATE/kube/played.yaml" d name deployments
  kube_manifests
  "${MEDIAGATE_KUBECTL:-kubectl}" kustomize "$KUBE_OVERLAY" > "$overlay" || die "kubectl kustomize $KUBE_OVERLAY failed"
  mapfile -t deployments < <(kube_deployments "$overlay")
  kube_kustomization "${deployments[@]}"
  "${MEDIAGATE_KUBECTL:-kubectl}" kustomize "$STATE/kube" > "$played.rendered" || die "this machine's kustomization of the small overlay failed"
  kube_report "$overlay" "${deployments[@]}"
  kube_secrets "$played.rendered"
  kube_without_secrets "$played.rendered" > "$played.new"
  rm -f "$played.rendered"
  say "Playing k8s/overlays/small with podman kube play..."
  podman kube play --replace --log-driver k8s-file "$played.new" > "$STATE/logs/kube-play.log" 2>&1 \
    || die "podman kube play failed; see $STATE/logs/kube-play.log"
  mv "$played.new" "$played"
  printf '%s\n' "${deployments[@]}" > "$STATE/kube/deployments"
  for d in "${deployments[@]}"; do
    name="$d-pod-0-$d"
    podman inspect --format '{{.State.Pid}}' "$name" > "$STATE/pids/$d" || die "podman kube play started no $name"
    echo "$name" > "$STATE/pids/$d.container"
    ln -sfn "$(podman inspect --format '{{.HostConfig.LogConfig.Path}}' "$name")" "$STATE/logs/$d.log"
  done
  for d in "${deployments[@]}"; do wait_ready "$d"; done
  bootstrap_user "$STATE/secrets/user-key-containers"
  write_env "$STATE/secrets/user-key-containers"
  cat "$STATE/kube/report"
  print_env
}

# Takes down the pods `up --kube` played, and the secrets and the keys' volume it made for them.
stop_kube() {
  [ -f "$STATE/kube/played.yaml" ] || return 0
  podman_conf
  local d log
  while read -r d; do
    log="$STATE/logs/$d.log"
    # The pods' logs go with them: keep a copy where up's logs are.
    [ -L "$log" ] && { cp -L "$log" "$log.copy" 2>/dev/null && mv -f "$log.copy" "$log" || rm -f "$log"; }
  done < "$STATE/kube/deployments"
  podman kube down "$STATE/kube/played.yaml" > /dev/null 2>&1 || true
  kube_forget_secrets
  # The overlay's copy holds the secrets written for it.
  rm -rf "$STATE/kube/k8s"
  while read -r d; do rm -f "$STATE/pids/$d" "$STATE/pids/$d.container"; done < "$STATE/kube/deployments"
  rm -f "$STATE/kube/played.yaml" "$STATE/kube/deployments"
}
