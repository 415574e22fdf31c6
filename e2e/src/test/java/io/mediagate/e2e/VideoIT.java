package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.Probe;
import io.mediagate.testing.C2paReference;
import io.mediagate.testing.TestInfra;
import io.mediagate.testing.Windows;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Videos through the whole suite: generation on the local provider, the pipeline's transcode, thumbnail
 * and storage stages over Kafka and the staging bucket, and the files checked with ffprobe as a user's
 * player would see them.
 */
class VideoIT {
    private static Suite suite;
    private static Api api;
    private static String pro;
    private static Ffmpeg ffmpeg;
    @TempDir
    Path dir;

    @BeforeAll
    static void startSuite() throws Exception {
        // The webhook receiver below listens on loopback, which deliveries refuse unless allowed.
        suite = Suite.start("video", Map.of("MEDIAGATE_STAGING_BUCKET", "e2e-staging", "MEDIAGATE_WEBHOOKS_ALLOW_PRIVATE", "true"));
        api = new Api(suite.baseUrl());
        pro = api.newUserKey(Suite.ADMIN_KEY, "pro");
        ffmpeg = Ffmpeg.locate();
    }

    @AfterAll
    static void stopSuite() {
        if (suite != null) {
            suite.close();
        }
    }

    private Probe probe(String url, String name) throws Exception {
        Path file = dir.resolve(name);
        Files.write(file, api.download(url));
        return ffmpeg.probe(file, Duration.ofSeconds(30));
    }

    private static Map<String, JsonNode> variants(JsonNode item) {
        Map<String, JsonNode> byName = new HashMap<>();
        for (JsonNode v : item.path("variants")) {
            byName.put(v.path("format").asText() + ":" + v.path("size").asText(), v);
        }
        return byName;
    }

    @Test
    void aPromptBecomesA720pVideoWithEveryVariantAThumbnailAndAPreview() throws Exception {
        Api.Reply r = api.post("/v1/videos/generations", pro,
                "{\"model\":\"local/motion\",\"prompt\":\"waves rolling onto a beach at dusk\",\"size\":\"720p\",\"duration\":3}");
        assertEquals(200, r.status(), r.body().toString());
        JsonNode item = r.body().path("data").get(0);
        assertEquals("video", item.path("media").asText());
        assertEquals("video/mp4", item.path("mime").asText());
        assertEquals(3.0, item.path("duration").asDouble(), 1e-9);
        assertEquals("720p", item.path("size").asText());
        assertEquals("local", r.body().path("stats").path("providerId").asText());
        assertTrue(r.body().path("stats").path("processingTime").asLong() > 0, "transcoding takes time");

        byte[] main = api.download(item.path("url").asText());
        String boxes = new String(main, StandardCharsets.ISO_8859_1);
        assertTrue(boxes.indexOf("moov") > 0 && boxes.indexOf("moov") < boxes.indexOf("mdat"),
                "fast start: the index comes before the data, so browsers play while downloading");
        Probe mp4 = probe(item.path("url").asText(), "main.mp4");
        assertEquals("h264", mp4.video().orElseThrow().codec());
        assertEquals(1280, mp4.video().orElseThrow().width());
        assertEquals(720, mp4.video().orElseThrow().height());
        assertEquals("yuv420p", mp4.video().orElseThrow().pixelFormat(), "the pixel format every browser decodes");
        assertEquals(3.0, mp4.durationSeconds(), 0.1);

        Map<String, JsonNode> variants = variants(item);
        Probe small = probe(variants.get("mp4:480p").path("url").asText(), "480.mp4");
        assertEquals("h264", small.video().orElseThrow().codec());
        assertEquals(854, small.video().orElseThrow().width());
        assertEquals(480, small.video().orElseThrow().height());
        assertEquals(3.0, small.durationSeconds(), 0.1);
        Probe webm = probe(variants.get("webm:720p").path("url").asText(), "v.webm");
        assertEquals("vp9", webm.video().orElseThrow().codec());
        assertEquals(1280, webm.video().orElseThrow().width());
        assertEquals(3.0, webm.durationSeconds(), 0.1);
        assertTrue(!variants.containsKey("mp4:1080p"), "no rendition above the requested size");

        String playlistUrl = variants.get("hls:720p").path("url").asText();
        String playlist = new String(api.download(playlistUrl), StandardCharsets.UTF_8);
        assertTrue(playlist.startsWith("#EXTM3U"), playlist);
        String segment = playlist.lines().filter(l -> l.endsWith(".ts")).findFirst().orElseThrow();
        Probe part = probe(playlistUrl.substring(0, playlistUrl.lastIndexOf('/') + 1) + segment, "seg.ts");
        assertEquals("h264", part.video().orElseThrow().codec());

        byte[] thumbnail = api.download(item.path("thumbnail").asText());
        assertEquals("image/webp", io.mediagate.common.media.ContentSniffer.mime(thumbnail).orElse(""), "the thumbnail is a WebP");
        assertEquals(1280, io.mediagate.common.media.ContentSniffer.dimensions(thumbnail).orElseThrow().width());
        byte[] preview = api.download(item.path("preview").asText());
        assertEquals(5 * 320, io.mediagate.common.media.ContentSniffer.dimensions(preview).orElseThrow().width(), "five frames side by side");
        everyMp4AndStillCarriesContentCredentials(item, main, thumbnail, preview);
    }

    /**
     * The C2PA reference implementation, trusting the deployment's CA, validates every MP4 rendition, the poster and the
     * strip: the main rendition created by a trained model, the smaller one transcoded from it, the poster and the strip
     * converted from the main rendition (the suite runs every stage in one process, so both come from the transcode
     * stage's decode of the stream the main rendition is), each naming its parent, whose manifest it carries; WebM carries
     * none (C2PA binds no WebM).
     */
    private void everyMp4AndStillCarriesContentCredentials(JsonNode item, byte[] main, byte[] thumbnail, byte[] preview) throws Exception {
        Optional<Path> ca = Optional.of(TestInfra.get().keys().resolve("c2pa-ca.pem"));
        C2paReference.Reading created = C2paReference.read(main, "video/mp4", ca);
        assertEquals("Trusted", created.state(), created.codes("failure").toString());
        JsonNode first = created.assertion("c2pa.actions.v2").path("actions").get(0);
        assertEquals("c2pa.created", first.path("action").asText());
        assertEquals("http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia", first.path("digitalSourceType").asText());
        assertTrue(created.assertion("io.mediagate.generation").path("model").asText().startsWith("local/motion:"));
        String mainManifest = created.json().path("active_manifest").asText();
        JsonNode provenance = api.get("/v1/media/" + item.path("id").asText(), pro).body().path("result").path("media").path("provenance");
        assertEquals("Trusted", provenance.path("state").asText(), "the item says what its main file carries: " + provenance);
        assertEquals(List.of("c2pa.created"), List.of(provenance.path("actions").get(0).asText()));
        Map<String, JsonNode> variants = variants(item);
        byte[] small = api.download(variants.get("mp4:480p").path("url").asText());
        C2paReference.Reading transcoded = C2paReference.read(small, "video/mp4", ca);
        for (var made : List.of(new Object[] {transcoded, "c2pa.transcoded", mainManifest},
                new Object[] {C2paReference.read(thumbnail, "image/webp", ca), "c2pa.converted", mainManifest},
                new Object[] {C2paReference.read(preview, "image/webp", ca), "c2pa.converted", mainManifest})) {
            C2paReference.Reading reading = (C2paReference.Reading) made[0];
            assertEquals("Trusted", reading.state(), made[1] + ": " + reading.codes("failure"));
            JsonNode actions = reading.assertion("c2pa.actions.v2").path("actions");
            assertEquals(List.of("c2pa.opened", made[1]), List.of(actions.get(0).path("action").asText(), actions.get(1).path("action").asText()));
            JsonNode parent = reading.activeManifest().path("ingredients").get(0);
            assertEquals("parentOf", parent.path("relationship").asText());
            assertEquals(made[2], parent.path("active_manifest").asText(), "the parent is the rendition it was made from");
        }
        byte[] webm = api.download(variants.get("webm:720p").path("url").asText());
        C2paReference.Reading unsigned = C2paReference.read(webm, "video/webm", ca);
        assertTrue(unsigned.error().isPresent(), "WebM is kept as encoded: " + unsigned.json());
    }

    @Test
    void respondAsyncGivesAJobThatSucceedsAndAFreeAccountGetsOneVideoAtATime() throws Exception {
        String free = api.newUserKey(Suite.ADMIN_KEY, "free");
        String body = "{\"model\":\"local/motion\",\"prompt\":\"a paper boat\",\"size\":\"480p\",\"duration\":2}";
        Windows.awayFromTheMinuteBoundary(); // the video minute read below is the one the request is counted in
        Api.Reply accepted = api.post("/v1/videos/generations", free, body, "Prefer", "respond-async");
        assertEquals(202, accepted.status(), accepted.body().toString());
        String jobId = accepted.body().path("result").path("job").path("id").asText();
        assertEquals("/v1/jobs/" + jobId, accepted.raw().headers().firstValue("Location").orElseThrow());
        // Readable at once at the address given, whether or not routing has taken it from Kafka yet.
        Api.Reply first = api.get("/v1/jobs/" + jobId, free);
        assertEquals(200, first.status(), first.body().toString());
        assertEquals(jobId, first.body().path("result").path("job").path("id").asText());
        assertTrue(Set.of("queued", "running").contains(first.body().path("result").path("job").path("status").asText()), first.body().toString());

        Api.Reply second = api.post("/v1/videos/generations", free, body, "Prefer", "respond-async");
        assertEquals(429, second.status(), second.body().toString());
        assertEquals("concurrency_video", second.body().path("limit").asText());
        assertEquals("rate_limit_exceeded", second.body().path("code").asText());
        // The refused request spent no window: the retry it is told to make is not refused by one it used up.
        assertEquals(accepted.raw().headers().firstValue("X-RateLimit-Remaining").orElseThrow(),
                second.raw().headers().firstValue("X-RateLimit-Remaining").orElseThrow());
        JsonNode videoMinute = api.get("/v1/usage", free).body().path("result").path("rateLimits").path("videoMinute");
        assertEquals(videoMinute.path("limit").asInt() - 1, videoMinute.path("remaining").asInt(), videoMinute.toString());

        // Followed live: the provider's first frame as a preview still while the job runs (the job's owner only), then the
        // video playable (its main rendition, the provider's H.264 remuxed with its index first) before the rest of the
        // ladder is made, every stage started and ended in order, progress never going back, then the completion.
        // The still is served while the job runs and goes with its staged files at its end; a 2-second video's job can have
        // ended on a fast machine before the stream is read, and then the still's 404 is what a caller must get.
        List<Api.Event> events = new java.util.ArrayList<>(api.events(free, jobId, null, e -> e.event().equals("preview")));
        Api.Event preview = events.getLast();
        assertEquals("preview", preview.event(), events.toString());
        java.net.http.HttpResponse<byte[]> still = api.bytes(preview.data().path("url").asText(), free);
        if (still.statusCode() == 404) {
            JsonNode now = api.get("/v1/jobs/" + jobId, free).body().path("result").path("job");
            assertEquals("succeeded", now.path("status").asText(), "a still is served while its job runs: " + now);
        } else {
            assertEquals(200, still.statusCode());
            assertEquals("image/webp", still.headers().firstValue("Content-Type").orElse(""));
        }
        assertEquals(640, preview.data().path("width").asInt(), "the first frame, at most 640 wide");
        assertEquals(404, api.bytes(preview.data().path("url").asText(), api.newUserKey(Suite.ADMIN_KEY, "free")).statusCode());
        events.addAll(api.events(free, jobId, String.valueOf(preview.id()), e -> e.event().equals("playable")));
        Api.Event playable = events.getLast();
        assertEquals("playable", playable.event(), events.toString());
        Probe main = probe(playable.data().path("url").asText(), "playable.mp4");
        assertEquals("h264", main.video().orElseThrow().codec());
        assertEquals("yuv420p", main.video().orElseThrow().pixelFormat());
        assertEquals(854, main.video().orElseThrow().width());
        assertEquals(2.0, main.durationSeconds(), 0.1);
        assertTrue(indexFirst(dir.resolve("playable.mp4")), "fast start: the index before the media data");
        JsonNode soFar = playable.data().path("item");
        assertEquals("processing", soFar.path("status").asText(), soFar.toString());
        assertEquals(1, soFar.path("variants").size(), "the item lists the variants made so far: " + soFar);
        events.addAll(api.events(free, jobId, String.valueOf(playable.id()), e -> false));
        assertEquals(List.of("queued", "stage:generating:started", "started", "preview", "stage:generating:ended", "stage:transcoding:started",
                "playable", "stage:transcoding:ended", "stage:thumbnail:started", "stage:thumbnail:ended", "stage:storing:started",
                "stage:storing:ended", "completed"), Api.kinds(events), events.toString());
        List<Integer> progress = events.stream().filter(e -> e.event().equals("progress")).map(e -> e.data().path("percent").asInt()).toList();
        assertEquals(progress.stream().sorted().toList(), progress, "progress never goes back");
        assertTrue(progress.containsAll(List.of(75, 90)), progress.toString());
        assertTrue(progress.stream().anyMatch(p -> p >= 40 && p < 75), "progress while transcoding: " + progress);
        JsonNode job = awaitJob(free, jobId);
        assertEquals("succeeded", job.path("status").asText(), job.toString());
        assertEquals(100, job.path("progress").asInt());
        assertEquals(job.path("data").get(0).path("id").asText(), events.getLast().data().path("job").path("data").get(0).path("id").asText());
        JsonNode item = job.path("data").get(0);
        assertEquals(2.0, probe(item.path("url").asText(), "async.mp4").durationSeconds(), 0.1);
        assertTrue(item.path("thumbnail").asText().startsWith(suite.baseUrl() + "/files/"));
        assertEquals(item.path("url").asText(), playable.data().path("url").asText(), "the playable URL is the item's");
        assertTrue(item.path("variants").size() > 1, item.toString());
    }

    /** Whether an MP4's index ({@code moov}) comes before its media data ({@code mdat}). */
    private static boolean indexFirst(Path file) throws Exception {
        String head = new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1);
        int moov = head.indexOf("moov");
        int mdat = head.indexOf("mdat");
        return moov >= 0 && (mdat < 0 || moov < mdat);
    }

    /**
     * A portrait video is portrait at every rung: the main MP4, the smaller MP4, the WebM, the poster; a square one square. A
     * ratio the model does not list is refused naming aspect_ratio with the ones it makes.
     */
    @Test
    void aPortraitOrSquareVideoIsMadeInThatFrameAtEveryRendition() throws Exception {
        String pro = api.newUserKey(Suite.ADMIN_KEY, "pro"); // its own key: the class's shared one has a per-minute video limit
        Api.Reply r = api.post("/v1/videos/generations", pro,
                "{\"model\":\"local/motion\",\"prompt\":\"a lighthouse at night\",\"size\":\"720p\",\"aspect_ratio\":\"9:16\",\"duration\":1}");
        assertEquals(200, r.status(), r.body().toString());
        JsonNode item = r.body().path("data").get(0);
        assertEquals(720, item.path("width").asInt(), item.toString());
        assertEquals(1280, item.path("height").asInt());
        Probe main = probe(item.path("url").asText(), "portrait.mp4");
        assertEquals(720, main.video().orElseThrow().width());
        assertEquals(1280, main.video().orElseThrow().height());
        Map<String, JsonNode> variants = variants(item);
        Probe small = probe(variants.get("mp4:480p").path("url").asText(), "portrait-480.mp4");
        assertEquals(480, small.video().orElseThrow().width(), "the smaller rendition is portrait too");
        assertEquals(854, small.video().orElseThrow().height());
        Probe webm = probe(variants.get("webm:720p").path("url").asText(), "portrait.webm");
        assertEquals(1280, webm.video().orElseThrow().height());
        var poster = io.mediagate.common.media.ContentSniffer.dimensions(api.download(item.path("thumbnail").asText())).orElseThrow();
        assertTrue(poster.height() > poster.width(), "a portrait poster: " + poster.width() + "x" + poster.height());
        assertTrue(r.body().path("stats").path("applied").path("aspectRatio").isMissingNode(), "made as asked: " + r.body().path("stats"));

        Api.Reply square = api.post("/v1/videos/generations", pro,
                "{\"model\":\"local/motion\",\"prompt\":\"a lighthouse at night\",\"resolution\":\"480p\",\"aspect_ratio\":\"1:1\",\"duration\":1}");
        assertEquals(200, square.status(), square.body().toString());
        Probe squared = probe(square.body().path("data").get(0).path("url").asText(), "square.mp4");
        assertEquals(480, squared.video().orElseThrow().width());
        assertEquals(480, squared.video().orElseThrow().height());

        Api.Reply refused = api.post("/v1/videos/generations", pro, "{\"model\":\"local/motion\",\"prompt\":\"p\",\"aspect_ratio\":\"2:1\"}");
        assertEquals(400, refused.status(), refused.body().toString());
        assertEquals("aspect_ratio", refused.body().path("param").asText());
        assertTrue(refused.body().path("message").asText().contains("9:16"), "it names the ratios it makes: " + refused.body());
    }

    @Test
    void anImageBecomesAVideoAndAVideoBecomesAVariation() throws Exception {
        Api.Reply image = api.post("/v1/images/generations", pro, "{\"model\":\"local/pattern\",\"prompt\":\"a red kite\",\"size\":\"512x512\"}");
        assertEquals(200, image.status(), image.body().toString());
        String imageUrl = image.body().path("data").get(0).path("url").asText();
        Api.Reply fromImage = api.post("/v1/videos/generations", pro, "{\"model\":\"local/motion\",\"prompt\":\"the kite flies\","
                + "\"size\":\"480p\",\"duration\":2,\"image_url\":\"" + imageUrl + "\"}");
        assertEquals(200, fromImage.status(), fromImage.body().toString());
        JsonNode video = fromImage.body().path("data").get(0);
        Probe p = probe(video.path("url").asText(), "from-image.mp4");
        assertEquals(854, p.video().orElseThrow().width());
        assertEquals(2.0, p.durationSeconds(), 0.1);

        Api.Reply variation = api.post("/v1/videos/generations", pro, "{\"model\":\"local/motion\",\"prompt\":\"in autumn colours\","
                + "\"size\":\"480p\",\"duration\":1,\"video_id\":\"" + video.path("id").asText() + "\"}");
        assertEquals(200, variation.status(), variation.body().toString());
        assertEquals(1.0, probe(variation.body().path("data").get(0).path("url").asText(), "variation.mp4").durationSeconds(), 0.1);
    }

    /** A frame of {@code file} (an image, or a video's first or last frame) at 32x32 in grey, its pixels. */
    private byte[] grey(Path file, boolean lastOfVideo) throws Exception {
        Path raw = dir.resolve(file.getFileName() + (lastOfVideo ? ".last" : ".first") + ".gray");
        ffmpeg.run(List.of("-v", "error", "-y", "-i", file.toString(), "-vf", "scale=32:32,format=gray", "-f", "rawvideo", raw.toString()),
                Duration.ofSeconds(30));
        byte[] all = Files.readAllBytes(raw);
        int frame = 32 * 32;
        return java.util.Arrays.copyOfRange(all, lastOfVideo ? all.length - frame : 0, lastOfVideo ? all.length : frame);
    }

    /** The mean absolute difference of two grey frames, 0 (the same) to 255. */
    private static double distance(byte[] a, byte[] b) {
        long sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += Math.abs(Byte.toUnsignedInt(a[i]) - Byte.toUnsignedInt(b[i]));
        }
        return (double) sum / a.length;
    }

    /**
     * A video from a first frame to a last frame starts on the one and ends on the other, by a frame-similarity check (each
     * nearer its own picture than the other by far); the last frame may be named by media id. With audio asked it has
     * sound in every rendition that carries it.
     */
    @Test
    void aVideoFromAFirstToALastFrameStartsAndEndsOnThemAndMayHaveSound() throws Exception {
        String pro = api.newUserKey(Suite.ADMIN_KEY, "pro"); // its own key: the class's shared one has a per-minute video limit
        Api.Reply dawn = api.post("/v1/images/generations", pro, "{\"model\":\"local/pattern\",\"prompt\":\"dawn\",\"size\":\"512x512\",\"style\":\"rings\"}");
        Api.Reply dusk = api.post("/v1/images/generations", pro, "{\"model\":\"local/pattern\",\"prompt\":\"a dusk of another colour\",\"size\":\"512x512\",\"style\":\"tiles\"}");
        assertEquals(200, dawn.status(), dawn.body().toString());
        assertEquals(200, dusk.status(), dusk.body().toString());
        Path first = Files.write(dir.resolve("first.png"), api.download(dawn.body().path("data").get(0).path("url").asText()));
        Path last = Files.write(dir.resolve("last.png"), api.download(dusk.body().path("data").get(0).path("url").asText()));
        Api.Reply r = api.post("/v1/videos/generations", pro, "{\"model\":\"local/motion\",\"prompt\":\"day to night\",\"size\":\"480p\","
                + "\"aspect_ratio\":\"1:1\",\"duration\":2,\"audio\":true,\"image_url\":\"" + dawn.body().path("data").get(0).path("url").asText()
                + "\",\"last_frame_url\":\"" + dusk.body().path("data").get(0).path("id").asText() + "\"}");
        assertEquals(200, r.status(), r.body().toString());
        JsonNode item = r.body().path("data").get(0);
        Path video = Files.write(dir.resolve("frames.mp4"), api.download(item.path("url").asText()));
        double startToFirst = distance(grey(video, false), grey(first, false));
        double startToLast = distance(grey(video, false), grey(last, false));
        double endToLast = distance(grey(video, true), grey(last, false));
        double endToFirst = distance(grey(video, true), grey(first, false));
        assertTrue(startToFirst < 12 && startToFirst * 3 < startToLast, "starts on the first frame: " + startToFirst + " against " + startToLast);
        assertTrue(endToLast < 12 && endToLast * 3 < endToFirst, "ends on the last frame: " + endToLast + " against " + endToFirst);
        assertEquals(List.of(dawn.body().path("data").get(0).path("id").asText(), dusk.body().path("data").get(0).path("id").asText()),
                ids(item.path("sources")), "it names the pictures it was made from (the first by its file URL, the last by id)");

        Probe main = ffmpeg.probe(video, Duration.ofSeconds(30));
        assertEquals("aac", main.audio().getFirst().codec(), "sound, as asked");
        Probe webm = probe(variants(item).get("webm:480p").path("url").asText(), "sound.webm");
        assertEquals("opus", webm.audio().getFirst().codec());
        Probe silent = probe(api.post("/v1/videos/generations", pro, "{\"model\":\"local/motion\",\"prompt\":\"p\",\"size\":\"480p\",\"duration\":1}")
                .body().path("data").get(0).path("url").asText(), "silent.mp4");
        assertTrue(silent.audio().isEmpty(), "no sound unless asked");
    }

    /**
     * A video is upscaled and extended by video jobs of their own, each in the source's shape: the upscale at the resolution
     * asked and as long as the source, the extension at the source's resolution and the seconds asked longer.
     */
    @Test
    void aVideoIsUpscaledAndExtendedInItsOwnShape() throws Exception {
        String pro = api.newUserKey(Suite.ADMIN_KEY, "pro"); // its own key: the class's shared one has a per-minute video limit
        Api.Reply made = api.post("/v1/videos/generations", pro,
                "{\"model\":\"local/motion\",\"prompt\":\"a narrow canyon\",\"size\":\"480p\",\"aspect_ratio\":\"9:16\",\"duration\":1}");
        assertEquals(200, made.status(), made.body().toString());
        String source = made.body().path("data").get(0).path("id").asText();

        Api.Reply up = api.post("/v1/videos/upscale", pro, "{\"video_url\":\"" + source + "\",\"resolution\":\"720p\"}");
        assertEquals(200, up.status(), up.body().toString());
        JsonNode upscaled = up.body().path("data").get(0);
        assertEquals("local/video-upscale", upscaled.path("model").asText());
        Probe larger = probe(upscaled.path("url").asText(), "upscaled.mp4");
        assertEquals(720, larger.video().orElseThrow().width(), "portrait, as its source");
        assertEquals(1280, larger.video().orElseThrow().height());
        assertEquals(1.0, larger.durationSeconds(), 0.1, "as long as its source");
        assertEquals(List.of(source), ids(upscaled.path("sources")));
        madeFrom(upscaled, source, "c2pa.resized", pro);

        Api.Reply ext = api.post("/v1/videos/extend", pro, "{\"video_url\":\"" + source + "\",\"prompt\":\"the canyon goes on\",\"duration\":2}");
        assertEquals(200, ext.status(), ext.body().toString());
        Probe longer = probe(ext.body().path("data").get(0).path("url").asText(), "extended.mp4");
        assertEquals(480, longer.video().orElseThrow().width(), "the source's resolution and shape");
        assertEquals(854, longer.video().orElseThrow().height());
        assertEquals(3.0, longer.durationSeconds(), 0.15, "the source and the two seconds asked");
        madeFrom(ext.body().path("data").get(0), source, "c2pa.edited", pro);

        for (String[] refused : new String[][] {
                {"/v1/videos/upscale", "{\"resolution\":\"720p\"}", "video_url"},
                {"/v1/videos/upscale", "{\"video_url\":\"" + source + "\",\"resolution\":\"8k\"}", "resolution"},
                {"/v1/videos/upscale", "{\"video_url\":\"" + source + "\",\"model\":\"local/motion\"}", "model"},
                {"/v1/videos/extend", "{\"video_url\":\"" + source + "\",\"duration\":2}", "prompt"},
                {"/v1/videos/extend", "{\"video_url\":\"https://127.0.0.1/a.mp4\",\"prompt\":\"p\"}", "video_url"},
                {"/v1/videos/generations", "{\"model\":\"local/extend\",\"prompt\":\"p\"}", "model"}}) {
            Api.Reply r = api.post(refused[0], pro, refused[1]);
            assertEquals(400, r.status(), refused[1] + ": " + r.body());
            assertEquals(refused[2], r.body().path("param").asText(), refused[1] + ": " + r.body());
        }
    }

    private static List<String> ids(JsonNode list) {
        List<String> ids = new java.util.ArrayList<>();
        list.forEach(id -> ids.add(id.asText()));
        return ids;
    }

    /**
     * The video's main file says, in Content Credentials a verifier trusts, that it was made from {@code source} (its parent
     * ingredient, named by media id) by {@code action}; the item's provenance says the same.
     */
    private void madeFrom(JsonNode item, String source, String action, String key) throws Exception {
        C2paReference.Reading reading = C2paReference.read(api.download(item.path("url").asText()), "video/mp4",
                Optional.of(TestInfra.get().keys().resolve("c2pa-ca.pem")));
        assertEquals("Trusted", reading.state(), reading.codes("failure").toString());
        JsonNode actions = reading.assertion("c2pa.actions.v2").path("actions");
        assertEquals(List.of("c2pa.opened", action), List.of(actions.get(0).path("action").asText(), actions.get(1).path("action").asText()));
        JsonNode parent = reading.activeManifest().path("ingredients").get(0);
        assertEquals("parentOf", parent.path("relationship").asText());
        assertEquals(source, parent.path("title").asText(), "the parent is the source video, by its id");
        JsonNode provenance = api.get("/v1/media/" + item.path("id").asText(), key).body().path("result").path("media").path("provenance");
        assertEquals("[\"c2pa.opened\",\"" + action + "\"]", provenance.path("actions").toString(), provenance.toString());
    }

    /**
     * A video keeping to reference pictures shows them in turn on the local model (starting near the first, ending near the
     * last, by frame similarity), names them in its sources (a URL from elsewhere kept as the caller's private item), and is
     * refused naming reference_image_urls where it cannot be made so.
     */
    @Test
    void aVideoKeepsToReferencePicturesAndNamesThem() throws Exception {
        String pro = api.newUserKey(Suite.ADMIN_KEY, "pro"); // its own key: the class's shared one has a per-minute video limit
        List<String> ids = new java.util.ArrayList<>();
        List<Path> pictures = new java.util.ArrayList<>();
        for (String style : List.of("rings", "tiles", "bands")) {
            Api.Reply made = api.post("/v1/images/generations", pro, "{\"model\":\"local/pattern\",\"prompt\":\"reference " + style
                    + "\",\"size\":\"512x512\",\"style\":\"" + style + "\"}");
            assertEquals(200, made.status(), made.body().toString());
            ids.add(made.body().path("data").get(0).path("id").asText());
            pictures.add(Files.write(dir.resolve(style + ".png"), api.download(made.body().path("data").get(0).path("url").asText())));
        }
        Api.Reply r = api.post("/v1/videos/generations", pro, "{\"model\":\"local/motion\",\"prompt\":\"the same kite\",\"size\":\"480p\","
                + "\"aspect_ratio\":\"1:1\",\"duration\":2,\"reference_image_urls\":[\"" + String.join("\",\"", ids) + "\"]}");
        assertEquals(200, r.status(), r.body().toString());
        JsonNode item = r.body().path("data").get(0);
        assertEquals(ids, ids(item.path("sources")));
        Path video = Files.write(dir.resolve("references.mp4"), api.download(item.path("url").asText()));
        double startToFirst = distance(grey(video, false), grey(pictures.getFirst(), false));
        double startToLast = distance(grey(video, false), grey(pictures.getLast(), false));
        double endToLast = distance(grey(video, true), grey(pictures.getLast(), false));
        assertTrue(startToFirst < 12 && startToFirst * 3 < startToLast, "starts on the first picture: " + startToFirst + " against " + startToLast);
        assertTrue(endToLast < 12, "ends on the last picture: " + endToLast);

        String five = "[\"" + String.join("\",\"", ids) + "\",\"" + ids.get(0) + "\",\"" + ids.get(1) + "\"]";
        for (String[] refused : new String[][] {
                {"{\"model\":\"local/motion\",\"prompt\":\"p\",\"reference_image_urls\":" + five + "}", "local/motion keeps to at most 4"},
                {"{\"model\":\"runway/gen4.5\",\"prompt\":\"p\",\"reference_image_urls\":[\"" + ids.get(0) + "\"]}", "reference pictures"},
                {"{\"model\":\"local/motion\",\"prompt\":\"p\",\"image_url\":\"" + ids.get(0) + "\",\"reference_image_urls\":[\"" + ids.get(1) + "\"]}", "not both"},
                {"{\"model\":\"local/motion\",\"prompt\":\"p\",\"reference_image_urls\":[]}", "1 to 8"},
                {"{\"model\":\"local/motion\",\"prompt\":\"p\",\"reference_image_urls\":[\"http://example.com/a.png\"]}", "https"}}) {
            Api.Reply no = api.post("/v1/videos/generations", pro, refused[0]);
            assertEquals(400, no.status(), refused[0] + ": " + no.body());
            assertTrue(no.body().path("param").asText().startsWith("reference_image_urls"), refused[0] + ": " + no.body());
            assertTrue(no.body().path("message").asText().contains(refused[1]), refused[0] + ": " + no.body());
        }
    }

    @Test
    void badVideoRequestsAreRefusedNamingTheField() throws Exception {
        Map<String, String> cases = Map.of(
                "{\"model\":\"local/motion\",\"prompt\":\"" + "x".repeat(501) + "\"}", "prompt",
                "{\"model\":\"local/motion\",\"prompt\":\"p\",\"size\":\"4k\"}", "size",
                "{\"model\":\"local/motion\",\"prompt\":\"p\",\"duration\":31}", "duration",
                "{\"model\":\"local/pattern\",\"prompt\":\"p\"}", "model",
                "{\"model\":\"local/motion\",\"prompt\":\"p\",\"image_url\":\"file:///etc/passwd\"}", "image_url",
                "{\"model\":\"local/motion\",\"prompt\":\"p\",\"video_url\":\"https://127.0.0.1/secret.mp4\"}", "video_url",
                "{\"model\":\"local/motion\",\"prompt\":\"p\",\"video_id\":\"med_doesnotexist0\"}", "video_id",
                "{\"model\":\"local/motion\",\"prompt\":\"p\",\"last_frame_url\":\"https://example.com/end.png\"}", "last_frame_url",
                "{\"model\":\"local/motion\",\"prompt\":\"p\",\"image_url\":\"https://example.com/a.png\",\"last_frame_url\":\"ftp://x/end.png\"}", "last_frame_url",
                "{\"model\":\"local/motion\",\"prompt\":\"p\",\"audio\":\"loud\"}", "audio");
        for (var c : cases.entrySet()) {
            Api.Reply r = api.post("/v1/videos/generations", pro, c.getKey());
            if (c.getValue().equals("video_id")) { // well-formed, but no such media
                assertEquals(404, r.status(), r.body().toString());
                assertEquals("not_found", r.body().path("code").asText(), r.body().toString());
            } else {
                assertEquals(400, r.status(), c.getValue() + ": " + r.body());
                assertEquals(c.getValue(), r.body().path("param").asText(), r.body().toString());
            }
        }
    }

    @Test
    void aCancelledJobEndsCancelledAndCannotBeCancelledTwice() throws Exception {
        Api.Reply accepted = api.post("/v1/videos/generations", pro,
                "{\"model\":\"local/motion\",\"prompt\":\"a long take\",\"size\":\"1080p\",\"duration\":8}", "Prefer", "respond-async");
        assertEquals(202, accepted.status(), accepted.body().toString());
        String jobId = accepted.body().path("result").path("job").path("id").asText();
        // At once, before routing may have taken it from Kafka: the job is there to cancel.
        Api.Reply cancelled = api.send("DELETE", "/v1/jobs/" + jobId, pro);
        assertEquals(200, cancelled.status(), cancelled.body().toString());
        assertEquals("cancelled", cancelled.body().path("result").path("job").path("status").asText());
        Api.Reply again = api.send("DELETE", "/v1/jobs/" + jobId, pro);
        assertEquals(409, again.status());
        assertEquals("job_finished", again.body().path("code").asText());
        Thread.sleep(3000);
        assertEquals("cancelled", api.get("/v1/jobs/" + jobId, pro).body().path("result").path("job").path("status").asText(),
                "the pipeline does not bring a cancelled job back");
        List<Api.Event> events = api.events(pro, jobId);
        assertEquals("queued", events.getFirst().event(), events.toString());
        assertEquals("cancelled", events.getLast().event(), "the stream ends with the cancellation");
        assertEquals(1, events.stream().filter(e -> e.event().equals("cancelled")).count());
    }

    /** A receiver that answers 500 to the first delivery of each message and 204 afterwards. */
    record Delivery(String id, String timestamp, String signature, String body) {}

    @Test
    void webhooksAreSignedWithTheOwnersSecretAndRetried() throws Exception {
        java.util.List<Delivery> received = new java.util.concurrent.CopyOnWriteArrayList<>();
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/hook", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Delivery d = new Delivery(exchange.getRequestHeaders().getFirst("webhook-id"),
                    exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                    exchange.getRequestHeaders().getFirst("webhook-signature"), body);
            boolean firstTry = received.stream().noneMatch(r -> r.id().equals(d.id()));
            received.add(d);
            exchange.sendResponseHeaders(firstTry ? 500 : 204, -1);
            exchange.close();
        });
        server.start();
        try {
            String hook = "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
            String secret = api.get("/v1/webhooks/secret", pro).body().path("result").path("secret").asText();
            assertTrue(secret.startsWith("whsec_"), secret);
            Api.Reply ok = api.post("/v1/videos/generations", pro, "{\"model\":\"local/motion\",\"prompt\":\"hooked\","
                    + "\"size\":\"480p\",\"duration\":1,\"webhook_url\":\"" + hook + "\"}", "Prefer", "respond-async");
            Api.Reply bad = api.post("/v1/videos/generations", pro, "{\"model\":\"local/motion\",\"prompt\":\"hooked\","
                    + "\"video_id\":\"med_doesnotexist0\",\"webhook_url\":\"" + hook + "\"}", "Prefer", "respond-async");
            assertEquals(202, ok.status(), ok.body().toString());
            assertEquals(202, bad.status(), bad.body().toString());
            long deadline = System.currentTimeMillis() + 90_000;
            while (received.size() < 4 && System.currentTimeMillis() < deadline) {
                Thread.sleep(250);
            }
            assertEquals(4, received.size(), "each message once refused with 500, then delivered again: " + received);
            Map<String, String> types = new HashMap<>();
            for (Delivery d : received) {
                javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
                mac.init(new javax.crypto.spec.SecretKeySpec(java.util.Base64.getDecoder().decode(secret.substring(6)), "HmacSHA256"));
                String expected = "v1," + java.util.Base64.getEncoder().encodeToString(
                        mac.doFinal((d.id() + "." + d.timestamp() + "." + d.body()).getBytes(StandardCharsets.UTF_8)));
                assertEquals(expected, d.signature(), "signed per Standard Webhooks with the owner's secret");
                assertTrue(Math.abs(System.currentTimeMillis() / 1000 - Long.parseLong(d.timestamp())) < 120);
                JsonNode payload = new com.fasterxml.jackson.databind.ObjectMapper().readTree(d.body());
                types.put(payload.path("data").path("job").path("id").asText(), payload.path("type").asText()
                        + "/" + payload.path("data").path("job").path("status").asText());
            }
            String okJob = ok.body().path("result").path("job").path("id").asText();
            String badJob = bad.body().path("result").path("job").path("id").asText();
            assertEquals("generation.completed/succeeded", types.get(okJob));
            assertEquals("generation.failed/failed", types.get(badJob));
        } finally {
            server.stop(0);
        }
    }

    /** {@code webhook_events}: the job's events of the kinds asked for are delivered as they happen, each once. */
    @Test
    void aWebhookIsToldOfTheEventsAskedFor() throws Exception {
        java.util.List<JsonNode> received = new java.util.concurrent.CopyOnWriteArrayList<>();
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/events", exchange -> {
            received.add(new com.fasterxml.jackson.databind.ObjectMapper().readTree(exchange.getRequestBody().readAllBytes()));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        try {
            String hook = "http://127.0.0.1:" + server.getAddress().getPort() + "/events";
            String video = "\"model\":\"local/motion\",\"prompt\":\"told\",\"size\":\"480p\",\"duration\":1";
            Api.Reply noUrl = api.post("/v1/videos/generations", pro, "{" + video + ",\"webhook_events\":[\"stage\"]}");
            assertEquals(400, noUrl.status(), noUrl.body().toString());
            assertEquals("webhook_events", noUrl.body().path("param").asText());
            Api.Reply unknown = api.post("/v1/videos/generations", pro, "{" + video + ",\"webhook_url\":\"" + hook
                    + "\",\"webhook_events\":[\"finished\"]}");
            assertEquals(400, unknown.status(), unknown.body().toString());
            assertEquals("webhook_events", unknown.body().path("param").asText());

            Api.Reply accepted = api.post("/v1/videos/generations", pro, "{" + video + ",\"webhook_url\":\"" + hook
                    + "\",\"webhook_events\":[\"stage\",\"completed\"]}", "Prefer", "respond-async");
            assertEquals(202, accepted.status(), accepted.body().toString());
            String jobId = accepted.body().path("result").path("job").path("id").asText();
            long deadline = System.currentTimeMillis() + 90_000;
            java.util.function.Supplier<List<JsonNode>> mine = () -> received.stream()
                    .filter(r -> r.path("data").path("job_id").asText().equals(jobId))
                    .sorted(java.util.Comparator.comparingLong(r -> r.path("data").path("id").asLong())).toList();
            while (mine.get().size() < 9 && System.currentTimeMillis() < deadline) {
                Thread.sleep(250);
            }
            List<String> told = mine.get().stream().map(r -> r.path("type").asText() + (r.path("data").has("state")
                    ? ":" + r.path("data").path("stage").asText() + ":" + r.path("data").path("state").asText() : "")).toList();
            assertEquals(List.of("generation.stage:generating:started", "generation.stage:generating:ended",
                    "generation.stage:transcoding:started", "generation.stage:transcoding:ended", "generation.stage:thumbnail:started",
                    "generation.stage:thumbnail:ended", "generation.stage:storing:started", "generation.stage:storing:ended",
                    "generation.completed"), told);
            assertEquals("succeeded", mine.get().getLast().path("data").path("job").path("status").asText());
            Thread.sleep(1000);
            assertEquals(9, mine.get().size(), "each event once, no other kind");
        } finally {
            server.stop(0);
        }
    }

    private static JsonNode awaitJob(String key, String jobId) throws Exception {
        return api.awaitJob(key, jobId, java.time.Duration.ofMinutes(2));
    }
}
