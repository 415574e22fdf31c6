package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.errors.BadRequestException;
import com.openai.errors.NotFoundException;
import com.openai.models.videos.Video;
import com.openai.models.videos.VideoCreateParams;
import com.openai.models.videos.VideoDownloadContentParams;
import com.openai.models.videos.VideoListParams;
import com.openai.models.videos.VideoRemixParams;
import com.openai.models.videos.VideoSeconds;
import com.openai.models.videos.VideoSize;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.Probe;
import io.mediagate.testing.TestImages;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenAI-shaped video resource through the stock openai-java SDK ({@code client.videos()}) on the
 * offline {@code local/motion} model: create, retrieve until completed, download the H.264 file at the size
 * and length asked, the thumbnail, list, remix and delete; refused requests are 400 naming the field.
 */
class OpenAiVideosIT {
    private static Suite suite;
    private static Api api;
    private static String key;
    private static Ffmpeg ffmpeg;
    @TempDir
    Path dir;

    @BeforeAll
    static void startSuite() throws Exception {
        suite = Suite.start();
        api = new Api(suite.baseUrl());
        key = api.newUserKey(Suite.ADMIN_KEY, "pro");
        ffmpeg = Ffmpeg.locate();
    }

    @AfterAll
    static void stopSuite() {
        if (suite != null) {
            suite.close();
        }
    }

    private static OpenAIClient sdk() {
        return OpenAIOkHttpClient.builder().baseUrl(suite.baseUrl() + "/v1").apiKey(key).maxRetries(0).build();
    }

    private static Video finished(String id) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(180);
        while (Instant.now().isBefore(deadline)) {
            Video video = sdk().videos().retrieve(id);
            if (video.status().equals(Video.Status.COMPLETED) || video.status().equals(Video.Status.FAILED)) {
                return video;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("video " + id + " did not finish");
    }

    private Probe probe(InputStream body, String name) throws Exception {
        Path file = dir.resolve(name);
        try (InputStream in = body) {
            Files.copy(in, file);
        }
        return ffmpeg.probe(file, Duration.ofSeconds(30));
    }

    @Test
    void createRetrieveDownloadRemixListAndDelete() throws Exception {
        Video created = sdk().videos().create(VideoCreateParams.builder().model("local/motion")
                .prompt("a paper boat on a pond").seconds(VideoSeconds._4).size(VideoSize._1280X720).build());
        assertTrue(created.id().startsWith("job_"), created.id());
        assertEquals(Video.Status.QUEUED, created.status());
        assertEquals("4", created.seconds().asString());
        assertEquals("1280x720", created.size().asString());

        Video done = finished(created.id());
        assertEquals(Video.Status.COMPLETED, done.status(), String.valueOf(done.error()));
        assertEquals(100, done.progress());
        assertEquals(created.createdAt(), done.createdAt(), "created_at stays the time the video was accepted");
        assertTrue(done.completedAt().orElseThrow() >= done.createdAt());
        assertTrue(done.expiresAt().orElseThrow() > done.createdAt());
        assertEquals("a paper boat on a pond", done.prompt().orElseThrow());

        Probe mp4 = probe(sdk().videos().downloadContent(created.id()).body(), "video.mp4");
        assertEquals("h264", mp4.video().orElseThrow().codec());
        assertEquals(1280, mp4.video().orElseThrow().width());
        assertEquals(720, mp4.video().orElseThrow().height());
        assertEquals(4.0, mp4.durationSeconds(), 0.1);
        for (var variant : List.of(VideoDownloadContentParams.Variant.THUMBNAIL, VideoDownloadContentParams.Variant.SPRITESHEET)) {
            var content = sdk().videos().downloadContent(created.id(), VideoDownloadContentParams.builder().variant(variant).build());
            assertEquals("image/webp", content.headers().values("Content-Type").getFirst(), variant + ": OpenAI's media type for it");
            byte[] image = content.body().readAllBytes();
            assertEquals("image/webp", io.mediagate.common.media.ContentSniffer.mime(image).orElse(""), variant.toString());
            int width = io.mediagate.common.media.ContentSniffer.dimensions(image).orElseThrow().width();
            assertEquals(variant == VideoDownloadContentParams.Variant.THUMBNAIL ? 1280 : 5 * 320, width, variant + ": poster, or five frames");
        }

        HttpResponse<byte[]> part = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(suite.baseUrl() + "/v1/videos/" + created.id() + "/content"))
                .header("Authorization", "Bearer " + key).header("Range", "bytes=0-99").build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(206, part.statusCode());
        assertEquals(100, part.body().length);

        Video remix = sdk().videos().remix(VideoRemixParams.builder().videoId(created.id()).prompt("the boat at night").build());
        assertEquals(created.id(), remix.remixedFromVideoId().orElseThrow());
        Video remixed = finished(remix.id());
        assertEquals(Video.Status.COMPLETED, remixed.status(), String.valueOf(remixed.error()));
        assertEquals(created.id(), remixed.remixedFromVideoId().orElseThrow());
        assertEquals("4", remixed.seconds().asString());

        var page = sdk().videos().list(VideoListParams.builder().limit(1).build());
        assertEquals(1, page.data().size());
        assertEquals(remix.id(), page.data().getFirst().id(), "newest first");
        assertTrue(page.hasMore().orElseThrow());
        var next = sdk().videos().list(VideoListParams.builder().limit(10).after(remix.id()).build());
        assertEquals(created.id(), next.data().getFirst().id());

        assertTrue(sdk().videos().delete(created.id()).deleted());
        assertThrows(NotFoundException.class, () -> sdk().videos().downloadContent(created.id()).body().readAllBytes(),
                "the deleted video's file is gone");
        assertThrows(NotFoundException.class, () -> sdk().videos().retrieve(created.id()), "a deleted video reads as 404, as OpenAI's");
        assertThrows(NotFoundException.class, () -> sdk().videos().delete(created.id()), "and is not deleted twice");
    }

    @Test
    void aReferenceImageFileAndJsonCreationWork() throws Exception {
        Video fromImage = sdk().videos().create(VideoCreateParams.builder().model("local/motion").prompt("the picture comes alive")
                .seconds(VideoSeconds.of("2")).size(VideoSize.of("854x480"))
                .inputReference(TestImages.halves(64, 64, 0xD02020, 0x2040D0)).build());
        Video done = finished(fromImage.id());
        assertEquals(Video.Status.COMPLETED, done.status(), String.valueOf(done.error()));
        assertEquals("854x480", done.size().asString());

        Api.Reply json = api.post("/v1/videos", key, "{\"model\":\"local/motion\",\"prompt\":\"rain\",\"seconds\":1}");
        assertEquals(200, json.status(), json.body().toString());
        assertEquals("video", json.body().path("object").asText());
        assertEquals("1", json.body().path("seconds").asText());
        assertEquals("1920x1080", json.body().path("size").asText(), "the model's default size");
        assertTrue(json.raw().headers().firstValue("openai-poll-after-ms").isPresent());

        // The SDKs send an Idempotency-Key with every attempt of a POST: a retry is the same video, never a second one.
        String body = "{\"model\":\"local/motion\",\"prompt\":\"snow\",\"seconds\":1}";
        String idem = "video-" + System.nanoTime();
        Api.Reply once = api.post("/v1/videos", key, body, "Idempotency-Key", idem);
        assertEquals(200, once.status(), once.body().toString());
        Api.Reply twice = api.post("/v1/videos", key, body, "Idempotency-Key", idem);
        assertEquals(200, twice.status(), twice.body().toString());
        assertEquals(once.body().path("id"), twice.body().path("id"), "the same video: " + twice.body());
        assertEquals("true", twice.raw().headers().firstValue("Idempotent-Replayed").orElse(null));
    }

    /** OpenAI's portrait size is made portrait, answered as it, and its remix is portrait too. */
    @Test
    void aPortraitSizeIsMadePortraitAndSoIsItsRemix() throws Exception {
        Video created = sdk().videos().create(VideoCreateParams.builder().model("local/motion")
                .prompt("a tall waterfall").seconds(VideoSeconds.of("1")).size(VideoSize._720X1280).build());
        assertEquals("720x1280", created.size().asString(), "the queued video states the frame asked");
        Video done = finished(created.id());
        assertEquals(Video.Status.COMPLETED, done.status(), String.valueOf(done.error()));
        assertEquals("720x1280", done.size().asString());
        Probe mp4 = probe(sdk().videos().downloadContent(created.id()).body(), "portrait.mp4");
        assertEquals(720, mp4.video().orElseThrow().width());
        assertEquals(1280, mp4.video().orElseThrow().height());
        Video remixed = finished(sdk().videos().remix(VideoRemixParams.builder().videoId(created.id()).prompt("at dawn").build()).id());
        assertEquals(Video.Status.COMPLETED, remixed.status(), String.valueOf(remixed.error()));
        assertEquals("720x1280", remixed.size().asString(), "a portrait video's remix is portrait");
    }

    @Test
    void refusedCreationsNameTheField() {
        BadRequestException seconds = assertThrows(BadRequestException.class, () -> sdk().videos().create(VideoCreateParams.builder()
                .model("local/motion").prompt("waves").seconds(VideoSeconds.of("99")).build()));
        assertEquals("seconds", seconds.param().orElseThrow());
        BadRequestException size = assertThrows(BadRequestException.class, () -> sdk().videos().create(VideoCreateParams.builder()
                .model("local/motion").prompt("waves").size(VideoSize.of("huge")).build()));
        assertEquals("size", size.param().orElseThrow());
        BadRequestException wide = assertThrows(BadRequestException.class, () -> sdk().videos().create(VideoCreateParams.builder()
                .model("local/motion").prompt("waves").size(VideoSize.of("1440x480")).build()));
        assertEquals("size", wide.param().orElseThrow(), "a shape the model does not make is refused, never made another");
        assertTrue(wide.getMessage().contains("9:16"), "it names the ratios the model makes: " + wide.getMessage());
        BadRequestException imageModel = assertThrows(BadRequestException.class, () -> sdk().videos().create(VideoCreateParams.builder()
                .model("local/pattern").prompt("waves").build()));
        assertEquals("model", imageModel.param().orElseThrow());
        assertThrows(NotFoundException.class, () -> sdk().videos().retrieve("job_doesnotexist1"));
    }
}
