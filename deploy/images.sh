# Sourced by ./mediagate (it defines ROOT, STATE, SERVICES, JAVA_HOME, say and die): `./mediagate images` builds one
# OCI image per service with podman, without a Docker daemon or a registry:
#   localhost/mediagate/base:25         Debian's minbase (debootstrap) with the libraries the packed ffmpeg loads, less
#                                       what installs packages; a jlinked Java 25 runtime in /opt/java; the user mediagate
#   mediagate/<service>:<commit>, :latest  the Dockerfile on that base (BASE build argument)
# Where a registry is at hand, the same Dockerfile builds on its default base, eclipse-temurin:25-jre.
IMAGE_BASE=localhost/mediagate/base:25
DEBIAN_SUITE="${MEDIAGATE_DEBIAN_SUITE:-bookworm}"
DEBIAN_MIRROR="${MEDIAGATE_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# What the ffmpeg packed in the bytedeco artifact loads beyond minbase (ldd of its ffmpeg and ffprobe); a container
# without libxcb-shm0 fails every video with "error while loading shared libraries".
FFMPEG_PACKAGES=libpulse0,libasound2,libxcb-shm0
# What the services load from the JDK (found by running the whole suite, Kafka and S3Proxy included, on this runtime).
JAVA_MODULES=java.base,java.compiler,java.desktop,java.instrument,java.logging,java.management,java.naming,java.net.http,java.rmi
JAVA_MODULES+=,java.scripting,java.security.jgss,java.security.sasl,java.sql,java.transaction.xa,java.xml,jdk.crypto.cryptoki
JAVA_MODULES+=,jdk.jfr,jdk.management,jdk.naming.dns,jdk.net,jdk.unsupported,jdk.zipfs

# Packages of minbase that a service's container never runs (apt and its keys, perl, the login and disk tools, tzdata:
# Java keeps its own time zones).
BASE_DROPPED="apt libapt-pkg6.0 gpgv debian-archive-keyring perl-base e2fsprogs util-linux diffutils login passwd"

ensure_podman() {
  # catatonit: the init of the pause container podman kube play makes locally (no registry to pull one from).
  command -v podman >/dev/null && command -v debootstrap >/dev/null && command -v runc >/dev/null && command -v catatonit >/dev/null \
    && return
  [ "$(id -u)" = 0 ] || die "podman, runc, catatonit and debootstrap are needed: sudo apt-get install podman runc catatonit debootstrap"
  say "Installing podman, runc, catatonit and debootstrap..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends podman runc catatonit \
    debootstrap uidmap >/dev/null || die "could not install podman, runc, catatonit and debootstrap"
}

# Unless CONTAINERS_CONF names a configuration of one's own: the runc runtime (crun refuses some hosts' cgroup set-up)
# and no default ulimits (a container may not raise them where the host forbids it).
podman_conf() {
  [ -n "${CONTAINERS_CONF:-}" ] && return
  mkdir -p "$STATE/images"
  printf '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n' > "$STATE/images/containers.conf"
  export CONTAINERS_CONF="$STATE/images/containers.conf"
}

# The base: minbase with the libraries ffmpeg loads, stripped of documentation, locales and apt's lists, and the jlinked runtime.
build_base() {
  podman image exists "$IMAGE_BASE" && return
  [ "$(id -u)" = 0 ] || die "making the base image needs root (debootstrap); or build on eclipse-temurin:25-jre (see docs/operations.md)"
  [ -x "$JAVA_HOME/bin/jlink" ] || die "jlink is missing from $JAVA_HOME: a full JDK 25 is needed"
  local root="$STATE/images/rootfs"
  say "Making $IMAGE_BASE from Debian packages ($DEBIAN_SUITE minbase) and a jlinked Java runtime..."
  rm -rf "$root"; mkdir -p "$STATE/logs"
  debootstrap --variant=minbase --include="$FFMPEG_PACKAGES" "$DEBIAN_SUITE" "$root" "$DEBIAN_MIRROR" > "$STATE/logs/debootstrap.log" 2>&1 \
    || die "debootstrap failed; see $STATE/logs/debootstrap.log"
  chroot "$root" useradd --system --uid 10001 --user-group --create-home --shell /usr/sbin/nologin mediagate 2>/dev/null
  # What only installing packages and administering a system need goes, through dpkg so that its database (which image
  # scanners read) stays true; dpkg itself, with the tar and find it needs, stays.
  # tzdata first: its removal script asks debconf, which needs perl.
  { chroot "$root" dpkg --purge tzdata && chroot "$root" dpkg --purge --force-remove-essential --force-depends $BASE_DROPPED; } \
    > "$STATE/logs/base-purge.log" 2>&1 || die "trimming the base failed; see $STATE/logs/base-purge.log"
  # Files nothing here reads: documentation (each package's copyright stays), locales, glibc's character set converters,
  # X11's locale tables, debconf's cache and perl modules (perl is gone), lintian's overrides.
  find "$root/usr/share/doc" -type f ! -name copyright -delete
  rm -rf "$root"/usr/share/{man,info,locale,lintian,perl5} "$root"/usr/share/X11/locale "$root"/usr/lib/x86_64-linux-gnu/gconv \
    "$root"/var/cache/apt "$root"/var/cache/debconf "$root"/var/lib/apt "$root"/var/log/*
  "$JAVA_HOME/bin/jlink" --add-modules "$JAVA_MODULES" --strip-debug --no-header-files --no-man-pages --compress=zip-9 \
    --output "$root/opt/java" || die "jlink failed"
  tar -C "$root" -c . | podman import --change 'ENV JAVA_HOME=/opt/java' \
    --change 'ENV PATH=/opt/java/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$IMAGE_BASE" \
    > "$STATE/logs/image-base.log" 2>&1 || die "podman import of the base failed; see $STATE/logs/image-base.log"
  rm -rf "$root"
}

# The services' production builds (PostgreSQL; target/quarkus-app), made again when the sources changed.
build_apps() {
  local hash svc
  if [ "${MEDIAGATE_PREBUILT:-}" = 1 ]; then # as Maven last made them (./mvnw package, ./mediagate test)
    for svc in "${SERVICES[@]}"; do
      [ -f "$ROOT/$svc/target/quarkus-app/quarkus-run.jar" ] || die "MEDIAGATE_PREBUILT=1 but $svc has no build; run ./mvnw -DskipTests package"
    done
    return
  fi
  hash="$(source_hash)"
  if [ -f "$STATE/images/build.stamp" ] && [ "$(cat "$STATE/images/build.stamp")" = "$hash" ]; then return; fi
  say "Building the services..."
  (cd "$ROOT" && ./mvnw -B -q -DskipTests package -pl '!e2e' > "$STATE/logs/images-build.log" 2>&1) \
    || die "build failed; see $STATE/logs/images-build.log"
  echo "$hash" > "$STATE/images/build.stamp"
}

cmd_images() {
  find_java
  mkdir -p "$STATE/images" "$STATE/logs"
  ensure_podman
  podman_conf
  build_apps
  build_base
  local revision version tag source svc bytes before
  revision="$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)"
  tag="${revision:0:12}"; [ -n "$(git -C "$ROOT" status --porcelain 2>/dev/null)" ] && tag+="-dirty"
  version="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$ROOT/pom.xml" | head -1)"
  source="$(git -C "$ROOT" remote get-url origin 2>/dev/null || echo "file://$ROOT")"
  for svc in "${SERVICES[@]}"; do
    before="$(podman image inspect --format '{{.Id}}' "mediagate/$svc:latest" 2>/dev/null || true)"
    podman build --quiet --network host -f "$ROOT/Dockerfile" --build-arg BASE="$IMAGE_BASE" --build-arg SERVICE="$svc" \
      --build-arg REVISION="$revision" --build-arg VERSION="$version" --build-arg SOURCE="$source" \
      --annotation org.opencontainers.image.revision="$revision" --annotation org.opencontainers.image.version="$version" \
      --annotation org.opencontainers.image.source="$source" \
      -t "mediagate/$svc:$tag" -t "mediagate/$svc:latest" "$ROOT" > "$STATE/logs/image-$svc.log" 2>&1 \
      || die "building mediagate/$svc failed; see $STATE/logs/image-$svc.log"
    # The image this build replaced goes, unless a commit's tag still names it or a container runs it.
    if [ -n "$before" ] && [ "$before" != "$(podman image inspect --format '{{.Id}}' "mediagate/$svc:latest")" ]; then
      podman rmi "$before" > /dev/null 2>&1 || true
    fi
    bytes="$(podman image inspect --format '{{.Size}}' "mediagate/$svc:$tag")"
    printf '%-52s %4d MB\n' "mediagate/$svc:$tag" "$((bytes / 1000000))"
  done
  bytes="$(podman image inspect --format '{{.Size}}' "$IMAGE_BASE")"
  printf '%-52s %4d MB (of each image above: the layers they share)\n' "$IMAGE_BASE" "$((bytes / 1000000))"
}
