package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mediagate.testing.RepoPaths;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The metrics operators read, on each service's management port (never the public one), after real
 * traffic: provider calls by outcome with their latency histogram, spend per provider, every pipeline
 * stage's time, retries and dead letters, the stages' consumer lag, and refusals by limit. The alert
 * rules and the dashboard in deploy/ use only series the services really expose.
 */
class MetricsIT {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    /** A sample line of the OpenMetrics text Prometheus scrapes: name, labels, value, then an optional exemplar. */
    private static final Pattern SERIES = Pattern.compile(
            "(?m)^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*})? ([0-9.eE+-]+|NaN)(?: [0-9.]+)?(?: # \\{[^}]*} \\S+(?: \\S+)?)?$");
    private static Suite suite;
    private static Api api;

    @BeforeAll
    static void start() throws Exception {
        suite = Suite.start("metrics", Map.of("MEDIAGATE_STAGING_BUCKET", "e2e-staging"));
        api = new Api(suite.baseUrl());
        String pro = api.newUserKey(Suite.ADMIN_KEY, "pro");
        assertEquals(200, api.post("/v1/images/generations", pro, "{\"model\":\"local/pattern\",\"prompt\":\"a metered kite\",\"size\":\"256x256\"}").status());
        Api.Reply video = api.post("/v1/videos/generations", pro,
                "{\"model\":\"local/motion\",\"prompt\":\"a metered wave\",\"size\":\"480p\",\"duration\":1}");
        assertEquals(200, video.status(), video.body().toString());
        // A free account runs one video at a time: the second is refused by the concurrency limit.
        String free = api.newUserKey(Suite.ADMIN_KEY, "free");
        String slow = "{\"model\":\"local/motion\",\"prompt\":\"a long take\",\"size\":\"1080p\",\"duration\":10}";
        String job = api.post("/v1/videos/generations", free, slow, "Prefer", "respond-async").body().path("result").path("job").path("id").asText();
        assertEquals(429, api.post("/v1/videos/generations", free, slow, "Prefer", "respond-async").status());
        api.send("DELETE", "/v1/jobs/" + job, free);
    }

    @AfterAll
    static void stop() {
        if (suite != null) {
            suite.close();
        }
    }

    private static String scrape(String service) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(suite.managementUrl(service) + "/q/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), service);
        return r.body();
    }

    /** The value of the one series named {@code name} whose labels include every pair of {@code labels}; -1 when none. */
    private static double value(String metrics, String name, Map<String, String> labels) {
        Matcher m = SERIES.matcher(metrics);
        while (m.find()) {
            String tags = m.group(2) == null ? "" : m.group(2);
            if (m.group(1).equals(name) && labels.entrySet().stream().allMatch(e -> tags.contains(e.getKey() + "=\"" + e.getValue() + "\""))) {
                return Double.parseDouble(m.group(3));
            }
        }
        return -1;
    }

    /** Waits for a series that is written after the answer (the ledger books from Kafka events). */
    private static double eventually(String service, String name, Map<String, String> labels) throws Exception {
        Instant deadline = Instant.now().plusSeconds(30);
        double v;
        while ((v = value(scrape(service), name, labels)) < 0 && Instant.now().isBefore(deadline)) {
            Thread.sleep(300);
        }
        return v;
    }

    @Test
    void providerCallsAreCountedByOutcomeWithALatencyHistogramAndSpend() throws Exception {
        String routing = scrape("routing-service");
        assertTrue(value(routing, "mediagate_provider_attempts_total", Map.of("provider", "local", "outcome", "success")) >= 2, routing);
        assertTrue(value(routing, "mediagate_provider_latency_seconds_count", Map.of("provider", "local", "outcome", "success")) >= 2);
        assertTrue(value(routing, "mediagate_provider_latency_seconds_bucket", Map.of("provider", "local", "le", "+Inf")) >= 2);
        // The local provider is free: its spend is there, and zero.
        assertEquals(0.0, eventually("usage-service", "mediagate_provider_spend_usd_total", Map.of("provider", "local", "media", "image")));
        assertEquals(0.0, eventually("usage-service", "mediagate_provider_spend_usd_total", Map.of("provider", "local", "media", "video")));
    }

    @Test
    void everyPipelineStageReportsItsTimeRetriesDeadLettersAndConsumerLag() throws Exception {
        String pipeline = scrape("video-pipeline-service");
        for (String stage : List.of("transcode", "thumbnail", "storage")) {
            assertTrue(value(pipeline, "mediagate_pipeline_stage_seconds_count", Map.of("stage", stage, "outcome", "done")) >= 1, stage);
            assertEquals(0.0, value(pipeline, "mediagate_pipeline_stage_seconds_count", Map.of("stage", stage, "outcome", "failed")), stage);
            assertEquals(0.0, value(pipeline, "mediagate_pipeline_dead_letters_total", Map.of("stage", stage)), stage);
            assertEquals(0.0, value(pipeline, "mediagate_pipeline_stage_retries_total", Map.of("stage", stage)), stage);
            assertTrue(value(pipeline, "kafka_consumer_fetch_manager_records_lag_max", Map.of("client_id", "pipeline-" + stage)) >= 0,
                    "the " + stage + " consumer's lag");
        }
    }

    @Test
    void refusalsAreCountedByTheLimitThatRefusedThem() throws Exception {
        assertTrue(value(scrape("gateway-service"), "mediagate_limit_refusals_total", Map.of("limit", "concurrency_video")) >= 1);
    }

    @Test
    void metricsAreNotOnThePublicPort() throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(suite.baseUrl() + "/q/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(404, r.statusCode());
    }

    @Test
    void theAlertRulesAndTheDashboardUseOnlySeriesTheServicesExpose() throws Exception {
        Set<String> exposed = new TreeSet<>();
        for (String svc : Suite.SERVICES) {
            Matcher m = SERIES.matcher(scrape(svc));
            while (m.find()) {
                exposed.add(m.group(1));
            }
        }
        List<String> expressions = new ArrayList<>();
        JsonNode rules = new ObjectMapper(new YAMLFactory()).readTree(RepoPaths.root().resolve("deploy/prometheus/alerts.yml").toFile());
        rules.path("groups").forEach(g -> g.path("rules").forEach(r -> expressions.add(r.path("expr").asText())));
        JsonNode dashboard = new ObjectMapper().readTree(Files.readString(RepoPaths.root().resolve("deploy/grafana/mediagate.json")));
        dashboard.path("panels").forEach(p -> p.path("targets").forEach(t -> expressions.add(t.path("expr").asText())));
        assertTrue(expressions.size() >= 10, expressions.toString());
        Pattern metric = Pattern.compile("\\b((?:mediagate|kafka|http)_[a-z0-9_]+)\\b");
        Set<String> missing = new TreeSet<>();
        for (String expr : expressions) {
            Matcher m = metric.matcher(expr);
            while (m.find()) {
                if (!exposed.contains(m.group(1))) {
                    missing.add(m.group(1));
                }
            }
        }
        assertEquals(Set.of(), missing, "series the alerts or the dashboard use that no service exposes");
    }
}
