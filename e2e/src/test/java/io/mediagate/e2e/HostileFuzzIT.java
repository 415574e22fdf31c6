package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A fuzz run over every public endpoint of the whole suite: 6,000 requests generated from a fixed seed, each a
 * valid request with one or two things broken (a field's type, size, encoding or nesting; a duplicated field;
 * a body that is not JSON, cut short or invalid UTF-8; a wrong or missing content type; two keys or a garbled
 * one; odd paths, ids and query values; oversized targets and headers). Every answer must be below 500, and
 * every failure must be the contract's envelope with a contract code and its status. Afterwards every service
 * is ready, and the logs grew by a bounded amount with no stack trace per bad request.
 */
class HostileFuzzIT {
    private static final int REQUESTS = 6000;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The contract's client-error codes and the status each is answered with. */
    private static final Map<String, Integer> CODES = Map.ofEntries(Map.entry("authentication_error", 401),
            Map.entry("permission_denied", 403), Map.entry("invalid_request", 400), Map.entry("model_not_found", 404),
            Map.entry("provider_not_found", 404), Map.entry("not_found", 404), Map.entry("method_not_allowed", 405),
            Map.entry("unsupported_parameter", 422), Map.entry("no_compatible_provider", 422),
            Map.entry("content_policy_violation", 422), Map.entry("rate_limit_exceeded", 429),
            Map.entry("payload_too_large", 413), Map.entry("unsupported_media_type", 415), Map.entry("upload_incomplete", 409),
            Map.entry("job_cancelled", 409), Map.entry("job_finished", 409), Map.entry("budget_exceeded", 402));
    private static final String[] JUNK = {"null", "true", "-1", "0", "1e999", "-0.0", "9223372036854775808", "\"\"",
            "\"x\"", "[]", "{}", "[1,[2,[3]]]", "{\"a\":{\"b\":[]}}", "\"\\ud800\"", "\"\\udc00x\"", "\"\\u0000\"",
            "\"../../etc/passwd\"", "\"%zz\"", "\"<script>alert(1)</script>\"", "\"' OR 1=1 --\"", "\"😀\"",
            "\"http://169.254.169.254/latest\"", "\"https://127.0.0.1:8082/v1/jobs\"", "\"data:image/png;base64,AAAA\""};
    private static Suite suite;
    private static Api api;
    private static String key;
    private static String mediaId;

    @BeforeAll
    static void start() throws Exception {
        suite = Suite.start("fuzz", Map.of());
        api = new Api(suite.baseUrl());
        key = api.newKeyWithLimits(Suite.ADMIN_KEY, "{\"perMinute\":1000000,\"perHour\":1000000,\"perDay\":1000000}");
        Api.Reply image = api.post("/v1/images/generations", key, "{\"model\":\"local/pattern\",\"prompt\":\"a kite\",\"size\":\"256x256\"}");
        assertEquals(200, image.status(), image.body().toString());
        mediaId = image.body().path("data").get(0).path("id").asText();
    }

    @AfterAll
    static void stop() {
        if (suite != null) {
            suite.close();
        }
    }

    /** One generated request. */
    private record Probe(String method, String path, Map<String, String> headers, byte[] body) {
        String describe() {
            String text = body == null ? "" : new String(body, StandardCharsets.UTF_8);
            return method + " " + (path.length() > 120 ? path.substring(0, 120) + "…" : path) + " " + headers.keySet()
                    + " " + (text.length() > 200 ? text.substring(0, 200) + "…" : text);
        }
    }

    @Test
    void sixThousandHostileRequestsGetNoServerErrorAndOnlyTheEnvelope() throws Exception {
        long logBefore = logBytes();
        Random random = new Random(20261124L);
        List<Probe> probes = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            probes.add(probe(random));
        }
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        Map<Integer, AtomicInteger> statuses = new TreeMap<>();
        List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());
        Map<String, AtomicInteger> seen = new ConcurrentHashMap<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            List<Future<?>> done = new ArrayList<>();
            for (Probe probe : probes) {
                done.add(pool.submit(() -> {
                    try {
                        HttpResponse<byte[]> r = http.send(request(probe), HttpResponse.BodyHandlers.ofByteArray());
                        synchronized (statuses) {
                            statuses.computeIfAbsent(r.statusCode(), s -> new AtomicInteger()).incrementAndGet();
                        }
                        String problem = judge(r);
                        if (problem != null) {
                            problems.add(problem + " <- " + probe.describe());
                        } else if (r.statusCode() >= 400) {
                            seen.computeIfAbsent(JSON.readTree(r.body()).path("code").asText(), c -> new AtomicInteger()).incrementAndGet();
                        }
                    } catch (Exception e) {
                        problems.add("no answer (" + e + ") <- " + probe.describe());
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        }
        System.out.println("fuzz statuses " + statuses + ", codes " + seen);
        assertTrue(problems.isEmpty(), problems.size() + " bad answers, e.g.\n" + String.join("\n", problems.subList(0, Math.min(20, problems.size()))));
        assertTrue(statuses.keySet().stream().anyMatch(s -> s < 300), "some requests were valid and served");

        HttpClient plain = HttpClient.newHttpClient();
        for (String svc : Suite.SERVICES) {
            HttpResponse<String> ready = plain.send(HttpRequest.newBuilder(URI.create(suite.managementUrl(svc) + "/q/health/ready")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, ready.statusCode(), svc + " is ready after the run: " + ready.body());
        }
        long grown = logBytes() - logBefore;
        assertTrue(grown < 4L * 1024 * 1024, "the logs grew by " + grown + " bytes for " + REQUESTS + " requests");
        long traces = 0;
        for (String svc : Suite.SERVICES) {
            traces += Files.readAllLines(suite.log(svc), StandardCharsets.ISO_8859_1).stream().filter(l -> l.startsWith("\tat ")).count();
        }
        assertTrue(traces < 200, traces + " stack trace lines in the logs");
    }

    /** Null when the answer keeps the contract, else what is wrong with it. */
    private static String judge(HttpResponse<byte[]> r) {
        int status = r.statusCode();
        if (status >= 500) {
            return "status " + status + " " + new String(r.body(), StandardCharsets.UTF_8);
        }
        if (status < 400) {
            return null;
        }
        String type = r.headers().firstValue("Content-Type").orElse("");
        if (!type.startsWith("application/json")) {
            return "status " + status + " without a JSON body (" + type + ")";
        }
        try {
            JsonNode body = JSON.readTree(r.body());
            String code = body.path("code").asText();
            if (!body.path("success").isBoolean() || body.path("success").asBoolean() || !CODES.containsKey(code)
                    || !code.equals(body.path("error").path("code").asText()) || body.path("message").asText().isBlank()) {
                return "status " + status + " with a body outside the envelope: " + body;
            }
            boolean preciseStatus = (status == 414 || status == 431) && code.equals("invalid_request");
            if (status != CODES.get(code) && !preciseStatus) {
                return "status " + status + " for code " + code;
            }
            return null;
        } catch (Exception e) {
            return "status " + status + " with a body that is not JSON";
        }
    }

    private static HttpRequest request(Probe p) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(suite.baseUrl() + p.path())).timeout(Duration.ofSeconds(60));
        p.headers().forEach(b::header);
        b.method(p.method(), p.body() == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(p.body()));
        return b.build();
    }

    private long logBytes() throws Exception {
        long total = 0;
        for (String svc : Suite.SERVICES) {
            total += Files.size(suite.log(svc));
        }
        return total;
    }

    // ---- generation of requests ----

    private record Endpoint(String method, String path, Map<String, String> valid) {}

    private static List<Endpoint> endpoints() {
        return List.of(
                new Endpoint("POST", "/v1/images/generations", Map.of("model", "\"local/pattern\"", "prompt", "\"a red kite\"",
                        "size", "\"256x256\"", "n", "1", "routing", "\"cheapest\"", "public", "false")),
                // A duration no model offers keeps the video generations from running, whatever else the fuzz changes.
                new Endpoint("POST", "/v1/videos/generations", Map.of("model", "\"local/motion\"", "prompt", "\"waves\"",
                        "size", "\"480p\"", "duration", "999", "image_url", "\"https://example.com/a.png\"")),
                new Endpoint("POST", "/v1/videos", Map.of("model", "\"local/motion\"", "prompt", "\"waves\"", "seconds", "\"999\"")),
                // a quote runs nothing, so a valid one may stay valid; its fuzzed forms reach the parsers through one endpoint
                new Endpoint("POST", "/v1/quotes", Map.of("endpoint", "\"/v1/images/generations\"", "body",
                        "{\"model\":\"local/pattern\",\"prompt\":\"a kite\",\"size\":\"256x256\",\"seed\":1,\"reuse\":true}")),
                new Endpoint("POST", "/v1/media/upload", Map.of("mime", "\"image/png\"", "bytes", "1000", "filename", "\"x.png\"",
                        "public", "false")),
                new Endpoint("PATCH", "/v1/media/{media}", Map.of("public", "false")),
                new Endpoint("POST", "/v1/images/edits", Map.of("model", "\"local/pattern\"", "prompt", "\"hat\"")),
                new Endpoint("POST", "/v1/admin/accounts", Map.of("name", "\"x\"", "tier", "\"pro\"")),
                new Endpoint("GET", "/v1/media?limit=10&page=0&media=image&search=kite", Map.of()),
                new Endpoint("GET", "/v1/models?media=image", Map.of()),
                new Endpoint("GET", "/v1/models/local%2Fpattern", Map.of()),
                new Endpoint("GET", "/v1/media/{media}", Map.of()),
                new Endpoint("GET", "/v1/jobs?limit=5", Map.of()),
                new Endpoint("GET", "/v1/jobs/job_{junk}", Map.of()),
                new Endpoint("DELETE", "/v1/jobs/job_{junk}", Map.of()),
                new Endpoint("GET", "/v1/usage", Map.of()),
                new Endpoint("GET", "/v1/usage/report?from=2026-01-01&to=2026-12-31", Map.of()),
                new Endpoint("GET", "/v1/providers", Map.of()),
                new Endpoint("GET", "/v1/webhooks/secret", Map.of()),
                new Endpoint("GET", "/files/{media}.png", Map.of()),
                new Endpoint("DELETE", "/v1/media/med_{junk}", Map.of()));
    }

    private static Probe probe(Random random) {
        List<Endpoint> all = endpoints();
        Endpoint e = all.get(random.nextInt(all.size()));
        Map<String, String> headers = new TreeMap<>();
        headers.put("Authorization", "Bearer " + key);
        String path = e.path().replace("{media}", mediaId).replace("{junk}", Long.toString(random.nextLong() & 0xffffff, 36));
        byte[] body = null;
        if (!e.method().equals("GET") && !e.path().contains("{junk}")) {
            headers.put("Content-Type", "application/json");
            body = mutateBody(e.valid(), random).getBytes(StandardCharsets.UTF_8);
        }
        switch (random.nextInt(12)) {
            case 0 -> headers.put("Authorization", random.nextBoolean() ? "Bearer " : "Basic " + key);
            case 1 -> headers.remove("Authorization");
            case 2 -> headers.put("Content-Type", List.of("text/plain", "application/xml", "multipart/form-data; boundary=x",
                    "application/json; charset=latin1", "*/*").get(random.nextInt(5)));
            case 3 -> path = mutatePath(path, random);
            case 4 -> body = rawBody(random);
            case 5 -> headers.put("X-Request-Id", "x".repeat(random.nextInt(300)) + ";");
            case 6 -> headers.put("X-Padding", "p".repeat(random.nextBoolean() ? 17_000 : 3_000));
            default -> {
            }
        }
        return new Probe(e.method(), path, headers, body);
    }

    private static String mutateBody(Map<String, String> valid, Random random) {
        Map<String, String> fields = new TreeMap<>(valid);
        List<String> names = new ArrayList<>(fields.keySet());
        String extra = null;
        switch (random.nextInt(9)) {
            case 0, 1, 2 -> {
                if (!names.isEmpty()) {
                    fields.put(names.get(random.nextInt(names.size())), JUNK[random.nextInt(JUNK.length)]);
                }
            }
            case 3 -> {
                if (!names.isEmpty()) {
                    fields.remove(names.get(random.nextInt(names.size())));
                }
            }
            case 4 -> fields.put(List.of("seed", "style", "x", "\\ud800", "").get(random.nextInt(5)),
                    "[".repeat(random.nextInt(1200)) + "]".repeat(0));
            case 5 -> fields.put("prompt", "\"" + "w ".repeat(random.nextInt(3000)) + "\"");
            case 6 -> extra = names.isEmpty() ? "\"public\":true" : "\"" + names.get(0) + "\":" + JUNK[random.nextInt(JUNK.length)];
            case 7 -> fields.put("negative_prompt", "\"" + "n".repeat(5000 + random.nextInt(20_000)) + "\"");
            default -> {
            }
        }
        StringBuilder out = new StringBuilder("{");
        fields.forEach((k, v) -> out.append(out.length() > 1 ? "," : "").append('"').append(k).append("\":").append(balance(v)));
        if (extra != null) {
            out.append(out.length() > 1 ? "," : "").append(extra);
        }
        return out.append('}').toString();
    }

    /** Opening brackets get their closing ones, so the nesting is deep but the JSON well formed. */
    private static String balance(String value) {
        if (value.startsWith("[[") && value.chars().allMatch(c -> c == '[')) {
            return value + "]".repeat(value.length());
        }
        return value;
    }

    private static byte[] rawBody(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> new byte[0];
            case 1 -> "{\"model\":".getBytes(StandardCharsets.UTF_8);
            case 2 -> new byte[] {'{', '"', 'p', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
            case 3 -> "[{},{}]".getBytes(StandardCharsets.UTF_8);
            case 4 -> "{\"a\":1}{\"b\":2}".getBytes(StandardCharsets.UTF_8);
            default -> {
                byte[] noise = new byte[random.nextInt(4096) + 1];
                random.nextBytes(noise);
                yield noise;
            }
        };
    }

    private static String mutatePath(String path, Random random) {
        return switch (random.nextInt(7)) {
            case 0 -> path + "/" + "a".repeat(9000);
            case 1 -> path.replace("/v1/", "/v1//");
            case 2 -> path + "/%2E%2E/%2E%2E/q/metrics";
            case 3 -> "/q/" + List.of("metrics", "health", "health/ready", "dev", "openapi").get(random.nextInt(5));
            case 4 -> path + (path.contains("?") ? "&" : "?") + "limit=" + List.of("-1", "abc", "1e99", "101", "%00").get(random.nextInt(5));
            case 5 -> "/v1/" + Long.toString(random.nextLong() & 0xffffffffL, 36);
            default -> path.toUpperCase(java.util.Locale.ROOT);
        };
    }
}
