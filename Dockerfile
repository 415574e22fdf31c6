# One image per service, built from that service's packaged jar:
#   ./mvnw -B -DskipTests package && docker build --build-arg SERVICE=gateway-service -t mediagate/gateway-service .
# BASE is any image with Java 25 on the PATH: eclipse-temurin:25-jre from a registry, or the Debian base
# `./mediagate images` makes without one (localhost/mediagate/base:25, which has libpulse0 and the user already).
ARG BASE=eclipse-temurin:25-jre
FROM ${BASE}
ARG SERVICE
ARG REVISION=unknown
ARG VERSION=unknown
ARG SOURCE=unknown
LABEL org.opencontainers.image.title="mediagate/${SERVICE}" org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.version="${VERSION}" org.opencontainers.image.source="${SOURCE}"
# The ffmpeg packed in the bytedeco artifact (routing, video pipeline, media) loads libpulse, libasound and libxcb-shm.
RUN for lib in libpulse.so.0 libasound.so.2 libxcb-shm.so.0; do ldconfig -p | grep -q "$lib" || missing=yes; done; \
    if [ -n "$missing" ]; then apt-get update && apt-get install -y --no-install-recommends libpulse0 libasound2 libxcb-shm0 \
      && rm -rf /var/lib/apt/lists/*; fi \
 && (id mediagate >/dev/null 2>&1 || useradd --system --uid 10001 --user-group --create-home mediagate)
# The application belongs to root, readable and not writable by the service's user: a compromised service cannot
# change its own code. It writes only to /tmp (uploads being received, work files, the unpacked ffmpeg, the JVM's and
# Vert.x's caches), so the root filesystem can be mounted read-only with a writable /tmp (docker-compose.yml, k8s/).
COPY --chown=root:root --chmod=755 ${SERVICE}/target/quarkus-app/ /app/
WORKDIR /app
# By number, so that Kubernetes' runAsNonRoot can tell it is not root.
USER 10001:10001
# API on 8080; health, readiness and metrics (/q/*) on the management port 9000, for probes and Prometheus.
ENV MEDIAGATE_BIND_HOST=0.0.0.0 QUARKUS_HTTP_PORT=8080 MEDIAGATE_MANAGEMENT_HOST=0.0.0.0 MEDIAGATE_MANAGEMENT_PORT=9000 \
    MEDIAGATE_FFMPEG_CACHE=/tmp/mediagate-ffmpeg
EXPOSE 8080 9000
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-Djava.awt.headless=true", "-jar", "quarkus-run.jar"]
