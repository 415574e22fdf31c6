package io.mediagate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** Plain HTTP calls against the running suite, as any client would make them. */
final class Api {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;

    Api(String base) {
        this.base = base;
    }

    record Reply(int status, JsonNode body, HttpResponse<byte[]> raw) {}

    /** One event of a {@code text/event-stream} answer: its {@code id:}, {@code event:} and {@code data:} (as JSON). */
    record Event(long id, String event, JsonNode data) {}

    /** A job's events from the first, read until the server ends the stream. */
    java.util.List<Event> events(String key, String jobId) throws IOException, InterruptedException {
        return events(key, jobId, null, event -> false);
    }

    /**
     * A job's events after {@code lastEventId} (from the first when null), read until the server ends the stream or, with
     * {@code enough} true of an event, until that one (the client then goes away).
     */
    java.util.List<Event> events(String key, String jobId, String lastEventId, java.util.function.Predicate<Event> enough)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/v1/jobs/" + jobId + "/events"))
                .header("Authorization", "Bearer " + key).header("Accept", "text/event-stream");
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        HttpResponse<java.util.stream.Stream<String>> response = http.send(request.build(), HttpResponse.BodyHandlers.ofLines());
        java.util.List<Event> events = new java.util.ArrayList<>();
        try (java.util.stream.Stream<String> lines = response.body()) {
            if (response.statusCode() != 200 || !response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
                throw new IOException("GET /v1/jobs/" + jobId + "/events answered " + response.statusCode() + ": "
                        + String.join("\n", lines.toList()));
            }
            java.util.Iterator<String> it = lines.iterator();
            Long id = null;
            String event = null;
            while (it.hasNext()) {
                String line = it.next();
                if (line.startsWith("id: ")) {
                    id = Long.parseLong(line.substring(4));
                } else if (line.startsWith("event: ")) {
                    event = line.substring(7);
                } else if (line.startsWith("data: ") && event != null) {
                    Event read = new Event(id == null ? -1 : id, event, JSON.readTree(line.substring(6)));
                    events.add(read);
                    id = null;
                    event = null;
                    if (enough.test(read)) {
                        break;
                    }
                }
            }
        }
        return events;
    }

    /** The kinds of {@code events} in order, without {@code progress} (how many of those come depends on timing). */
    static java.util.List<String> kinds(java.util.List<Event> events) {
        return events.stream().filter(e -> !e.event().equals("progress"))
                .map(e -> e.event().equals("stage") ? "stage:" + e.data().path("stage").asText() + ":" + e.data().path("state").asText() : e.event())
                .toList();
    }

    Reply get(String path, String key) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET(), key);
    }

    Reply get(String path, String key, String header, String value) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header(header, value).GET(), key);
    }

    /** A GET answered with bytes (an image), read as they are. */
    HttpResponse<byte[]> bytes(String path, String key) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", "Bearer " + key).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    Reply post(String path, String key, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)), key);
    }

    Reply post(String path, String key, String json, String header, String value) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .header(header, value).POST(HttpRequest.BodyPublishers.ofString(json)), key);
    }

    /** One file of a multipart form. */
    record FormFile(String field, String name, byte[] bytes) {}

    /** A multipart form: text fields as name/value pairs, then the files. */
    Reply postForm(String path, String key, java.util.List<String> fields, FormFile... files)
            throws IOException, InterruptedException {
        return postForm(path, key, null, fields, files);
    }

    /** The same with an {@code Idempotency-Key} (none when null). */
    Reply postForm(String path, String key, String idempotencyKey, java.util.List<String> fields, FormFile... files)
            throws IOException, InterruptedException {
        String boundary = "e2e-" + java.util.UUID.randomUUID();
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        for (int i = 0; i + 1 < fields.size(); i += 2) {
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + fields.get(i) + "\"\r\n\r\n"
                    + fields.get(i + 1) + "\r\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        for (FormFile file : files) {
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + file.field() + "\"; filename=\""
                    + file.name() + "\"\r\nContent-Type: application/octet-stream\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            body.writeBytes(file.bytes());
            body.writeBytes("\r\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        body.writeBytes(("--" + boundary + "--\r\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()));
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        return send(request, key);
    }

    byte[] download(String url) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            throw new IOException("GET " + url + " answered " + r.statusCode());
        }
        return r.body();
    }

    Reply send(String method, String path, String key) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).method(method, HttpRequest.BodyPublishers.noBody()), key);
    }

    Reply send(String method, String path, String key, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(json)), key);
    }

    private Reply send(HttpRequest.Builder request, String key) throws IOException, InterruptedException {
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        HttpResponse<byte[]> r = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        JsonNode body = r.body().length == 0 ? JSON.nullNode() : JSON.readTree(r.body());
        return new Reply(r.statusCode(), body, r);
    }

    /**
     * Polls job {@code jobId} every half second (waiting out a rate limit's {@code retry_after}) until it has ended or
     * {@code timeout} passes; returns it as last read.
     */
    JsonNode awaitJob(String key, String jobId, java.time.Duration timeout) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        JsonNode job = null;
        while (System.currentTimeMillis() < deadline) {
            Reply r = get("/v1/jobs/" + jobId, key);
            if (r.status() == 429) {
                Thread.sleep(1000L * r.body().path("retry_after").asInt(1));
                continue;
            }
            job = r.body().path("result").path("job");
            String status = job.path("status").asText();
            if (r.status() == 200 && !status.equals("running") && !status.equals("queued")) {
                return job;
            }
            Thread.sleep(500);
        }
        return job;
    }

    /** An Enterprise account with custom limits (JSON of the admin API's {@code limits}); returns a key. */
    String newKeyWithLimits(String adminKey, String limitsJson) throws IOException, InterruptedException {
        Reply account = post("/v1/admin/accounts", adminKey, "{\"name\":\"e2e\",\"tier\":\"enterprise\"}");
        String id = account.body().path("result").path("account").path("id").asText();
        Reply patched = send(HttpRequest.newBuilder(URI.create(base + "/v1/admin/accounts/" + id))
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"limits\":" + limitsJson + "}")), adminKey);
        if (patched.status() != 200) {
            throw new IOException("could not set limits: " + patched.body());
        }
        return post("/v1/admin/accounts/" + id + "/keys", adminKey, "").body().path("result").path("key").path("key").asText();
    }

    /** Creates an account of the tier and returns a fresh key for it. */
    String newUserKey(String adminKey, String tier) throws IOException, InterruptedException {
        Reply account = post("/v1/admin/accounts", adminKey, "{\"name\":\"e2e\",\"tier\":\"" + tier + "\"}");
        String id = account.body().path("result").path("account").path("id").asText();
        return post("/v1/admin/accounts/" + id + "/keys", adminKey, "").body().path("result").path("key").path("key").asText();
    }
}
