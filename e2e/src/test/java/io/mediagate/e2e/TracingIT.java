package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Traces as an operator's collector receives them (OTLP over HTTP/protobuf, MEDIAGATE_OTLP_ENDPOINT): a
 * caller's W3C traceparent continues through the gateway, Kafka, routing, catalog, media-service and each
 * pipeline stage as one trace, and log lines name the trace they belong to.
 */
class TracingIT {
    private static final Set<String> SERVICES = Set.of("gateway-service", "routing-service", "catalog-service",
            "media-service", "video-pipeline-service");
    private static OtlpCollector collector;
    private static Suite suite;
    private static Api api;
    private static String key;

    @BeforeAll
    static void start() throws Exception {
        collector = OtlpCollector.start();
        suite = Suite.start("tracing", Map.of("MEDIAGATE_OTLP_ENDPOINT", collector.url(), "MEDIAGATE_OTLP_EXPORT_DELAY", "200ms",
                "MEDIAGATE_STAGING_BUCKET", "e2e-staging"));
        api = new Api(suite.baseUrl());
        key = api.newUserKey(Suite.ADMIN_KEY, "pro");
    }

    @AfterAll
    static void stop() {
        if (suite != null) {
            suite.close();
        }
        if (collector != null) {
            collector.close();
        }
    }

    @Test
    void aCallersTraceFollowsAVideoThroughEveryServiceAndPipelineStage() throws Exception {
        String traceId = hex(16);
        String callerSpan = hex(8);
        Api.Reply r = api.post("/v1/videos/generations", key,
                "{\"model\":\"local/motion\",\"prompt\":\"a traced wave\",\"size\":\"480p\",\"duration\":1}",
                "traceparent", "00-" + traceId + "-" + callerSpan + "-01");
        assertEquals(200, r.status(), r.body().toString());

        List<OtlpCollector.Span> trace = await(traceId, spans -> services(spans).containsAll(SERVICES)
                && names(spans).containsAll(Set.of("playable", "transcode", "thumbnail", "storage"))
                && connected(spans, callerSpan));
        assertTrue(collector.paths().stream().allMatch(p -> p.equals("/v1/traces")), collector.paths().toString());

        // One tree (the wait above ends only once it is one): its root is the gateway's server span, the
        // caller's child.
        List<OtlpCollector.Span> roots = trace.stream().filter(s -> s.parentId().equals(callerSpan)).toList();
        assertEquals(1, roots.size(), describe(trace));
        assertEquals("gateway-service", roots.get(0).service());
        assertEquals("SPAN_KIND_SERVER", roots.get(0).kind());
        assertEquals("POST /v1/videos/generations", roots.get(0).name());
        // Each stage's consumers (the transcode stage's own and its playable one) work under routing's job span.
        OtlpCollector.Span job = only(trace, "generate video");
        assertEquals("routing-service", job.service());
        String jobId = job.attributes().get("mediagate.job_id");
        assertTrue(jobId != null && jobId.startsWith("job_"), job.toString());
        for (String stage : List.of("playable", "transcode", "thumbnail", "storage")) {
            OtlpCollector.Span span = only(trace, stage);
            assertEquals("video-pipeline-service", span.service());
            assertEquals(jobId, span.attributes().get("mediagate.job_id"));
        }
        assertTrue(trace.stream().anyMatch(s -> s.service().equals("media-service") && s.kind().equals("SPAN_KIND_SERVER")
                && isUnder(s, only(trace, "storage"), trace)), "media-service registers the video within the storage stage");

        // The pipeline's log lines about the job name its trace and its id.
        List<String> lines = Files.readAllLines(suite.log("video-pipeline-service")).stream()
                .filter(l -> l.contains(": job " + jobId + " done in")).toList();
        assertEquals(4, lines.size(), "one line per consumer: " + lines);
        assertTrue(lines.stream().allMatch(l -> l.contains("trace_id=" + traceId) && l.contains("job_id=" + jobId)), lines.toString());
    }

    @Test
    void aRequestWithoutATraceparentStartsATraceAtTheGateway() throws Exception {
        Api.Reply r = api.post("/v1/images/generations", key, "{\"model\":\"local/pattern\",\"prompt\":\"an untraced kite\",\"size\":\"256x256\"}");
        assertEquals(200, r.status(), r.body().toString());
        // The gateway started a trace: find it by the server span of this request, then follow it to routing.
        List<OtlpCollector.Span> trace = awaitAny(spans -> names(spans).contains("generate image")
                && services(spans).containsAll(Set.of("gateway-service", "routing-service", "media-service"))
                && connected(spans, ""));
        List<OtlpCollector.Span> roots = trace.stream().filter(s -> s.parentId().isEmpty()).toList();
        assertEquals(1, roots.size(), describe(trace));
        assertEquals("POST /v1/images/generations", roots.get(0).name());
        assertEquals("gateway-service", roots.get(0).service());
    }

    private static List<OtlpCollector.Span> await(String traceId, Predicate<List<OtlpCollector.Span>> complete) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        List<OtlpCollector.Span> trace = collector.trace(traceId);
        while (!complete.test(trace)) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("the trace stayed incomplete or in pieces: " + describe(trace));
            }
            Thread.sleep(200);
            trace = collector.trace(traceId);
        }
        return trace;
    }

    /** The first trace received that satisfies {@code complete}. */
    private static List<OtlpCollector.Span> awaitAny(Predicate<List<OtlpCollector.Span>> complete) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (Instant.now().isBefore(deadline)) {
            for (String traceId : collector.traceIds()) {
                List<OtlpCollector.Span> trace = collector.trace(traceId);
                if (complete.test(trace)) {
                    return trace;
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no complete trace of an image request");
    }

    /** Whether every span's parent is another span of the trace, or else the caller's span. */
    private static boolean connected(List<OtlpCollector.Span> trace, String callerSpan) {
        Set<String> ids = trace.stream().map(OtlpCollector.Span::spanId).collect(Collectors.toSet());
        return trace.stream().anyMatch(s -> s.parentId().equals(callerSpan))
                && trace.stream().allMatch(s -> s.parentId().equals(callerSpan) || ids.contains(s.parentId()));
    }

    private static boolean isUnder(OtlpCollector.Span span, OtlpCollector.Span ancestor, List<OtlpCollector.Span> trace) {
        Map<String, OtlpCollector.Span> byId = trace.stream().collect(Collectors.toMap(OtlpCollector.Span::spanId, s -> s, (a, b) -> a));
        for (OtlpCollector.Span at = span; at != null; at = byId.get(at.parentId())) {
            if (at.spanId().equals(ancestor.spanId())) {
                return true;
            }
        }
        return false;
    }

    private static OtlpCollector.Span only(List<OtlpCollector.Span> trace, String name) {
        List<OtlpCollector.Span> named = trace.stream().filter(s -> s.name().equals(name)).toList();
        assertEquals(1, named.size(), "spans named " + name + ": " + describe(trace));
        return named.get(0);
    }

    private static Set<String> services(List<OtlpCollector.Span> spans) {
        return spans.stream().map(OtlpCollector.Span::service).collect(Collectors.toSet());
    }

    private static Set<String> names(List<OtlpCollector.Span> spans) {
        return spans.stream().map(OtlpCollector.Span::name).collect(Collectors.toSet());
    }

    private static String describe(List<OtlpCollector.Span> spans) {
        return spans.stream().map(s -> s.service() + ":" + s.name() + "(" + s.spanId() + "<-" + s.parentId() + ")")
                .collect(Collectors.joining(", "));
    }

    private static String hex(int bytes) {
        byte[] random = new byte[bytes];
        ThreadLocalRandom.current().nextBytes(random);
        random[0] |= 1; // never all zeros, which W3C reserves as invalid
        return HexFormat.of().formatHex(random);
    }
}
