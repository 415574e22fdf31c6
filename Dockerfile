# One image per service, built from that service's packaged jar:
#   ./mvnw -B -DskipTests package && docker build --build-arg SERVICE=gateway-service -t mediagate/gateway-service .
FROM eclipse-temurin:25-jre
ARG SERVICE
# libpulse0: the ffmpeg packed in the bytedeco artifact (routing, video pipeline, media) loads it.
RUN apt-get update && apt-get install -y --no-install-recommends libpulse0 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --create-home mediagate
COPY --chown=mediagate ${SERVICE}/target/quarkus-app/ /app/
WORKDIR /app
USER mediagate
# API on 8080; health, readiness and metrics (/q/*) on the management port 9000, for probes and Prometheus.
ENV MEDIAGATE_BIND_HOST=0.0.0.0 QUARKUS_HTTP_PORT=8080 MEDIAGATE_MANAGEMENT_HOST=0.0.0.0 MEDIAGATE_MANAGEMENT_PORT=9000
EXPOSE 8080 9000
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-Djava.awt.headless=true", "-jar", "quarkus-run.jar"]
