package io.mediagate.routing.providers.omni;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.Samples;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.routing.providers.gemini.GoogleFake;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Gemini API's Interactions API and Files API as they answer Gemini Omni, played on a {@link FakeUpstream} from the
 * wire of {@code @google/genai} 3.1.0: {@code x-goog-api-key}; a create body checked against the SDK's types (a model
 * Google serves, {@code response_format} of type {@code video} with its enumerations, {@code "<n>s"} from 3 to 10 s as
 * Google's Omni tools allow, {@code video_config.task}, typed input parts, a video part naming an uploaded file that is
 * {@code ACTIVE}); an interaction through {@code queued} and {@code in_progress} to its end at the third look, the video
 * in the last {@code model_output} step (inline {@code data} unless {@code delivery: uri} was asked, then a
 * {@code files/…:download?alt=media} URI served with the key), {@code errors[]} or the step's {@code google.rpc.Status}
 * when it failed; {@code /cancel}; the resumable upload ({@code start}, then {@code upload, finalize}, answered
 * {@code final}) and a file {@code PROCESSING} at its first look, {@code ACTIVE} after. Errors come in both of Google's
 * shapes: the front door's ({@code {"code": 404, "message", "status"}}, a model it does not serve: 404 {@code NOT_FOUND},
 * as the Gemini API answers one) and the Interactions API's own ({@code {"code": "invalid_request", "message"}}).
 */
final class OmniFake {
    /**
     * The Omni models Google names current: 1.1 (its cookbook: it "completely replaces previous versions") and 1.2 (the
     * Gemini API's video default since the SDKs of 2026-11-10). Any other id is answered 404 {@code NOT_FOUND}, the
     * preview among them (deprecated on Agent Platform on 2026-11-06; whether the Gemini API still answers it is not in
     * Google's references).
     */
    static final Set<String> LIVE = Set.of("gemini-omni-1.1-flash", "gemini-omni-1.2-flash");
    private static final Set<String> RATIOS = Set.of("16:9", "9:16");
    private static final Set<String> RESOLUTIONS = Set.of("360p", "720p", "1080p", "4k");
    private static final Set<String> DELIVERIES = Set.of("inline", "uri");
    private static final Set<String> TASKS = Set.of("text_to_video", "image_to_video", "reference_to_video", "edit", "extend", "upscale");
    private static final Set<String> IMAGE_TYPES = Set.of("image/png", "image/jpeg", "image/webp", "image/heic", "image/heif",
            "image/gif", "image/bmp", "image/tiff");
    private static final Set<String> VIDEO_TYPES = Set.of("video/mp4", "video/mpeg", "video/mpg", "video/mov", "video/avi",
            "video/x-flv", "video/webm", "video/wmv", "video/3gpp");
    private static final Pattern DURATION = Pattern.compile("([0-9]+)s");
    private final FakeUpstream fake;
    private final String secret;
    /** Upload sessions (id to declared size and type) and files (name to their metadata), as Google holds them. */
    private final Map<String, Map<String, String>> sessions = new ConcurrentHashMap<>();
    final Map<String, Map<String, Object>> files = new ConcurrentHashMap<>();
    /** What each uploaded file held, by name. */
    final Map<String, byte[]> uploaded = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> fileLooks = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();

    OmniFake(FakeUpstream fake, String secret) {
        this.fake = fake;
        this.secret = secret;
    }

    void play() {
        fake.on("POST", "/v1beta/interactions", this::create);
        fake.on("GET", "/v1beta/interactions/", this::look);
        fake.on("POST", "/v1beta/interactions/", this::cancel);
        fake.on("POST", "/upload/v1beta/files", this::upload);
        fake.on("GET", "/v1beta/files/", this::file);
    }

    /** The Interactions API's own error answer: a string code. */
    static Reply interactionsError(int status, String code, String message) {
        return Reply.json(status, Map.of("error", Map.of("code", code, "message", message)));
    }

    /** The front door's answer for a model the Gemini API does not serve. */
    static Reply notFound(String model) {
        return GoogleFake.error(404, "NOT_FOUND", "models/" + model + " is not found for API version v1beta.", List.of());
    }

    private Reply create(FakeUpstream.Recorded request) {
        Reply refused = GoogleFake.badKey(request, secret);
        if (refused != null) {
            return refused;
        }
        JsonNode body = request.json();
        if (body == null || !body.isObject() || !body.path("model").isTextual()) {
            return interactionsError(400, "invalid_request", "model is required");
        }
        String model = body.path("model").asText();
        if (!LIVE.contains(model)) {
            return notFound(model);
        }
        String invalid = invalid(body);
        if (invalid != null) {
            return interactionsError(400, "invalid_request", invalid);
        }
        Scenario scenario = Scenario.of(prompt(body.path("input")));
        return switch (scenario) {
            case RATE_LIMITED -> GoogleFake.quota();
            case SERVER_ERROR -> GoogleFake.error(503, "UNAVAILABLE", "The model is overloaded. Please try again later.", List.of());
            case INVALID_INPUT -> interactionsError(400, "invalid_request", "Request contains an invalid argument.");
            case MALFORMED -> Reply.raw(200, "text/html", "<!DOCTYPE html><title>Error 502</title>".getBytes(StandardCharsets.UTF_8));
            default -> {
                var job = fake.newJob(scenario);
                job.facts.put("body", body);
                yield Reply.json(200, interaction(job, "queued"));
            }
        };
    }

    /** What Google refuses of a create body, or null. */
    private String invalid(JsonNode body) {
        JsonNode format = body.path("response_format");
        if (!format.isMissingNode()) {
            if (!"video".equals(format.path("type").asText())) {
                return "response_format.type must be video for " + body.path("model").asText();
            }
            String bad = outside(format, "aspect_ratio", RATIOS);
            bad = bad != null ? bad : outside(format, "resolution", RESOLUTIONS);
            bad = bad != null ? bad : outside(format, "delivery", DELIVERIES);
            if (bad != null) {
                return bad;
            }
            if (format.has("duration")) {
                Matcher m = DURATION.matcher(format.path("duration").asText());
                if (!m.matches() || Integer.parseInt(m.group(1)) < 3 || Integer.parseInt(m.group(1)) > 10) {
                    return "response_format.duration must be between 3s and 10s, got " + format.path("duration");
                }
            }
        }
        JsonNode task = body.path("generation_config").path("video_config").path("task");
        if (!task.isMissingNode() && !TASKS.contains(task.asText())) {
            return "unknown video_config.task " + task;
        }
        if (body.path("background").asBoolean(false) && body.has("store") && !body.path("store").asBoolean(true)) {
            return "background requires store";
        }
        JsonNode input = body.path("input");
        if (input.isTextual()) {
            return input.asText().isBlank() ? "input is empty" : null;
        }
        if (!input.isArray() || input.isEmpty()) {
            return "input must be text or a list of content";
        }
        for (JsonNode part : input) {
            String problem = switch (part.path("type").asText()) {
                case "text" -> part.path("text").isTextual() ? null : "a text part needs text";
                case "image" -> (part.has("data") || part.has("uri")) && IMAGE_TYPES.contains(part.path("mime_type").asText()) ? null
                        : "an image part needs data or a uri and an image mime_type";
                case "video" -> video(part);
                default -> "unknown content type " + part.path("type");
            };
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /** A video part must name a file uploaded here and ready, with a video type. */
    private String video(JsonNode part) {
        if (!VIDEO_TYPES.contains(part.path("mime_type").asText())) {
            return "a video part needs a video mime_type, got " + part.path("mime_type");
        }
        String uri = part.path("uri").asText();
        return files.values().stream().anyMatch(f -> uri.equals(f.get("uri")) && "ACTIVE".equals(f.get("state"))) ? null
                : "The file " + uri + " is not in an ACTIVE state and usage is not allowed.";
    }

    private static String outside(JsonNode format, String field, Set<String> allowed) {
        return format.has(field) && !allowed.contains(format.path(field).asText())
                ? "response_format." + field + " must be one of " + allowed + ", got " + format.path(field) : null;
    }

    /** The prompt of an input: the string, or its text parts. */
    private static String prompt(JsonNode input) {
        if (input.isTextual()) {
            return input.asText();
        }
        StringBuilder text = new StringBuilder();
        input.forEach(part -> text.append(part.path("text").asText()));
        return text.toString();
    }

    private Reply look(FakeUpstream.Recorded request) {
        Reply refused = GoogleFake.badKey(request, secret);
        if (refused != null) {
            return refused;
        }
        var job = fake.jobs.get(request.path().substring("/v1beta/interactions/".length()));
        if (job == null) {
            return GoogleFake.error(404, "NOT_FOUND", "Interaction not found.", List.of());
        }
        if (job.cancelled) {
            return Reply.json(200, interaction(job, "cancelled"));
        }
        int poll = job.polls.incrementAndGet();
        if (poll == 1) {
            return Reply.json(200, interaction(job, "queued"));
        }
        if (poll == 2 || job.scenario == Scenario.NEVER_FINISHES) {
            return Reply.json(200, interaction(job, "in_progress"));
        }
        return Reply.json(200, switch (job.scenario) {
            // How Google words an Omni refusal is not in its references: the step's google.rpc.Status carries the Gemini
            // API's safety wording.
            case MODERATED -> ended(job, "failed", output(List.of(), Map.of("code", 3,
                    "message", "The request was blocked by safety filters.")), List.of());
            case JOB_FAILED -> ended(job, "failed", null, List.of(Map.of("message", "Internal error encountered.")));
            default -> ended(job, "completed", output(List.of(video(job)), null), List.of());
        });
    }

    private Reply cancel(FakeUpstream.Recorded request) {
        Reply refused = GoogleFake.badKey(request, secret);
        if (refused != null) {
            return refused;
        }
        String path = request.path();
        if (!path.endsWith("/cancel")) {
            return GoogleFake.error(404, "NOT_FOUND", "Method not found.", List.of());
        }
        var job = fake.jobs.get(path.substring("/v1beta/interactions/".length(), path.length() - "/cancel".length()));
        if (job == null) {
            return GoogleFake.error(404, "NOT_FOUND", "Interaction not found.", List.of());
        }
        job.cancelled = true;
        return Reply.json(200, interaction(job, "cancelled"));
    }

    /** The video part: inline unless {@code delivery: uri} was asked (Google's default is inline). */
    private Map<String, Object> video(FakeUpstream.Job job) {
        Map<String, Object> part = new LinkedHashMap<>();
        part.put("type", "video");
        part.put("mime_type", "video/mp4");
        if ("uri".equals(body(job).path("response_format").path("delivery").asText())) {
            part.put("uri", fake.link() + "/v1beta/files/out-" + job.id + ":download?alt=media");
        } else {
            part.put("data", Base64.getEncoder().encodeToString(Samples.mp4()));
        }
        return part;
    }

    static Map<String, Object> output(List<Map<String, Object>> content, Map<String, Object> error) {
        Map<String, Object> step = new LinkedHashMap<>();
        step.put("type", "model_output");
        step.put("content", content);
        step.put("error", error);
        return step;
    }

    private static JsonNode body(FakeUpstream.Job job) {
        return (JsonNode) job.facts.get("body");
    }

    /** An interaction as Google answers it, without steps (still running). */
    Map<String, Object> interaction(FakeUpstream.Job job, String status) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", job.id);
        answer.put("status", status);
        answer.put("model", body(job).path("model").asText());
        answer.put("created", "2026-11-28T10:00:00Z");
        answer.put("updated", "2026-11-28T10:00:05Z");
        if (body(job).has("response_format")) {
            answer.put("response_format", body(job).path("response_format"));
        }
        return answer;
    }

    /** An ended interaction: its steps (a thought, then the output when there is one), usage, errors. */
    private Map<String, Object> ended(FakeUpstream.Job job, String status, Map<String, Object> output, List<Map<String, Object>> errors) {
        Map<String, Object> answer = interaction(job, status);
        List<Map<String, Object>> steps = new ArrayList<>();
        steps.add(Map.of("type", "thought", "signature", "EpcwCpQwAQw51sdIHNZALkCs5IRZ"));
        if (output != null) {
            steps.add(output);
        }
        answer.put("steps", steps);
        if ("completed".equals(status)) {
            answer.put("usage", Map.of("total_input_tokens", 40, "total_output_tokens", 46336, "total_tokens", 46376,
                    "output_tokens_by_modality", List.of(Map.of("modality", "video", "tokens", 46336))));
        }
        if (!errors.isEmpty()) {
            answer.put("errors", errors);
        }
        return answer;
    }

    /** The resumable upload: {@code start} opens a session, {@code upload, finalize} at offset 0 makes the file. */
    private Reply upload(FakeUpstream.Recorded request) {
        Reply refused = GoogleFake.badKey(request, secret);
        if (refused != null) {
            return refused;
        }
        String command = String.valueOf(request.header("X-Goog-Upload-Command"));
        if ("start".equals(command)) {
            String length = request.header("X-Goog-Upload-Header-Content-Length");
            String type = request.header("X-Goog-Upload-Header-Content-Type");
            if (!"resumable".equals(request.header("X-Goog-Upload-Protocol")) || length == null || !length.matches("[0-9]+") || type == null) {
                return GoogleFake.error(400, "INVALID_ARGUMENT", "Upload has already been terminated.", List.of());
            }
            String session = "s" + ids.incrementAndGet();
            sessions.put(session, Map.of("length", length, "type", type));
            return Reply.raw(200, null, new byte[0])
                    .with("x-goog-upload-url", fake.link() + "/upload/v1beta/files?upload_id=" + session + "&upload_protocol=resumable")
                    .with("x-goog-upload-status", "active");
        }
        String session = request.query() == null ? null : request.query().replaceAll(".*upload_id=([^&]+).*", "$1");
        Map<String, String> declared = session == null ? null : sessions.remove(session);
        if (declared == null || !"upload, finalize".equals(command) || !"0".equals(request.header("X-Goog-Upload-Offset"))
                || Long.parseLong(declared.get("length")) != request.body().length) {
            return GoogleFake.error(400, "INVALID_ARGUMENT", "Failed to upload the file.", List.of());
        }
        String name = "files/src" + ids.incrementAndGet();
        Map<String, Object> file = new ConcurrentHashMap<>(Map.of("name", name, "mimeType", declared.get("type"),
                "sizeBytes", String.valueOf(request.body().length), "uri", fake.link() + "/v1beta/" + name, "state", "PROCESSING",
                "source", "UPLOADED", "createTime", "2026-11-28T10:00:00Z"));
        files.put(name, file);
        uploaded.put(name, request.body());
        return Reply.json(200, Map.of("file", file)).with("x-goog-upload-status", "final");
    }

    /** A file's metadata (an upload: {@code PROCESSING} at its first look, then {@code ACTIVE}), or a made video's bytes. */
    private Reply file(FakeUpstream.Recorded request) {
        Reply refused = GoogleFake.badKey(request, secret);
        if (refused != null) {
            return refused;
        }
        String name = request.path().substring("/v1beta/".length());
        if (name.endsWith(":download")) {
            return "alt=media".equals(request.query()) ? Reply.raw(200, "video/mp4", Samples.mp4())
                    : Reply.json(200, Map.of("name", name.substring(0, name.length() - ":download".length()), "mimeType", "video/mp4"));
        }
        Map<String, Object> file = files.get(name);
        if (file == null) {
            return GoogleFake.error(404, "NOT_FOUND", "File " + name + " not found.", List.of());
        }
        if (fileLooks.computeIfAbsent(name, n -> new AtomicInteger()).incrementAndGet() > 1) {
            file.put("state", "ACTIVE");
        }
        return Reply.json(200, file);
    }
}
