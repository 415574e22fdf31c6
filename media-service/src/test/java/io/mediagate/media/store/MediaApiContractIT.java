package io.mediagate.media.store;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.events.MadeBy;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.media.MediaApi;
import io.mediagate.common.media.MediaApiClient;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.common.media.ReuseMedia;
import io.mediagate.common.tier.Tier;
import io.mediagate.common.values.Shape;
import io.mediagate.media.records.MediaFile;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.storage.ObjectStore;
import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestImages;
import io.quarkus.arc.Arc;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The media client every service uses ({@link MediaApiClient}) against media-service's own resources: what a
 * caller of {@link MediaApi} is promised holds for what the resources serve.
 */
@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "media"), @ResourceArg(name = "s3", value = "true"),
        @ResourceArg(name = "kafka", value = "true")})
class MediaApiContractIT {
    @Inject
    InternalHttp http;
    @Inject
    InternalClients clients;
    @TestHTTPResource("/")
    URL base;

    private MediaApi media() {
        return new MediaApiClient(clients, http, base.toString(), CallAs.service("routing-service"));
    }

    private static RegisterMedia image(String id, String owner, byte[] png) {
        String name = "image_0.png";
        return RegisterMedia.image(new RegisterMedia.Keeping(id, owner, false, 7),
                new MadeBy("local/pattern", "local/pattern:2.0", "local", "Local renderer", "a kite", null, new BigDecimal("0.04")),
                new Shape("16x12", null, 16, 12),
                new VideoWork.StagedFile(null, name, "original", "png", null, "16x12", 16, 12, "image/png", png.length), null);
    }

    private static String newId() {
        return "med_" + UUID.randomUUID().toString().replace("-", "");
    }

    private static byte[] file(byte[] bytes) {
        return bytes;
    }

    @Test
    void aRegisteredFileIsReadBackByItsOwnerOnlyAndDeletedByThem(@TempDir Path dir) throws Exception {
        byte[] png = TestImages.png(16, 12);
        String id = newId();
        MediaItem kept = InternalHttp.await(media().register(image(id, "usr_ada", png), file(png)));
        assertEquals(id, kept.id());
        assertEquals("image/png", kept.mime());
        assertEquals(16, kept.width());
        assertEquals(0, new BigDecimal("0.04").compareTo(kept.price()));
        MediaItem again = InternalHttp.await(media().register(image(id, "usr_ada", png), file(png)));
        assertEquals(kept.id(), again.id(), "registering twice keeps one item");
        assertEquals(kept.bytes(), again.bytes());

        CallAs ada = CallAs.user("usr_ada", Tier.FREE);
        assertArrayEquals(png, InternalHttp.await(media().content(id, ada)));
        Path copy = InternalHttp.await(media().download(id, ada, dir.resolve("copy.png")));
        assertArrayEquals(png, Files.readAllBytes(copy));
        String streamedId = newId();
        MediaItem streamed = InternalHttp.await(media().register(image(streamedId, "usr_ada", png), copy));
        assertArrayEquals(png, InternalHttp.await(media().content(streamed.id(), ada)), "a file sent from disk is kept as sent");

        CallAs bob = CallAs.user("usr_bob", Tier.FREE);
        assertEquals(ErrorCode.NOT_FOUND, refusal(() -> InternalHttp.await(media().content(id, bob))).code(),
                "another user's private item is not there for them");
        assertEquals(ErrorCode.PERMISSION_DENIED, refusal(() -> InternalHttp.await(media().delete(id, bob))).code());

        assertEquals(true, InternalHttp.await(media().exists(id, ada)));
        InternalHttp.await(media().delete(id, ada));
        assertEquals(ErrorCode.NOT_FOUND, refusal(() -> InternalHttp.await(media().content(id, ada))).code());
        assertEquals(false, InternalHttp.await(media().exists(id, ada)), "a deleted item is not there");
    }

    @Test
    void aReusedItemSharesTheStoredBytesWhichStayUntilTheLastItemOnThemGoes() {
        byte[] png = TestImages.png(20, 10);
        String original = newId();
        InternalHttp.await(media().register(image(original, "usr_ada", png), file(png)));
        String reused = newId();
        MediaItem item = InternalHttp.await(media().reuse(original, new ReuseMedia(reused, "usr_ada", false, 7)));
        assertEquals(reused, item.id());
        assertEquals(original, item.reusedFrom());
        assertEquals(0, BigDecimal.ZERO.compareTo(item.price()), "a reused result costs nothing");
        assertEquals(false, item.isPublic(), "its own visibility");
        assertEquals(reused, InternalHttp.await(media().reuse(original, new ReuseMedia(reused, "usr_ada", false, 7))).id(), "idempotent on the new id");
        assertEquals(ErrorCode.NOT_FOUND, refusal(() -> InternalHttp.await(media().reuse(original, new ReuseMedia(newId(), "usr_bob", true, 7)))).code(),
                "never another owner's");
        CallAs ada = CallAs.user("usr_ada", Tier.FREE);
        InternalHttp.await(media().delete(original, ada));
        assertArrayEquals(png, InternalHttp.await(media().content(reused, ada)), "the bytes stay while an item points at them");
        assertEquals(ErrorCode.NOT_FOUND, refusal(() -> InternalHttp.await(media().reuse(original, new ReuseMedia(newId(), "usr_ada", true, 7)))).code(),
                "a deleted item is not there to reuse");
        InternalHttp.await(media().delete(reused, ada));
        assertEquals(ErrorCode.NOT_FOUND, refusal(() -> InternalHttp.await(media().content(reused, ada))).code());
    }

    @Test
    void aRefusedRegistrationNamesWhatIsWrongAndAUserMayNotRegister() {
        byte[] png = TestImages.png(4, 4);
        ApiException refused = refusal(() -> InternalHttp.await(media().register(image("not-an-id", "usr_ada", png), file(png))));
        assertEquals(ErrorCode.INVALID_REQUEST, refused.code());
        assertEquals("id", refused.param());

        MediaApi asUser = new MediaApiClient(clients, http, base.toString(), CallAs.user("usr_ada", Tier.FREE));
        ApiException forbidden = refusal(() -> InternalHttp.await(asUser.register(image(newId(), "usr_ada", png), file(png))));
        assertEquals(403, forbidden.code().status());
    }

    /**
     * A video kept in parts, as the pipeline keeps one: after its first part (the main MP4) it is processing, its file is
     * served and its owner alone sees it; each part adds its files, the whole registration makes it ready with all of them.
     */
    @Test
    void aVideoKeptInPartsPlaysFromItsFirstPartAndIsReadyWithTheLast() {
        String id = newId();
        VideoWork.StagedFile mp4 = staged(id, "480p.mp4", "rendition", "mp4", "video/mp4");
        VideoWork.StagedFile webm = staged(id, "480p.webm", "rendition", "webm", "video/webm");
        VideoWork.StagedFile poster = staged(id, "thumbnail.webp", "thumbnail", "webp", "image/webp");
        CallAs ada = CallAs.user("usr_ada", Tier.FREE);

        MediaItem first = InternalHttp.await(media().register(video(id, List.of(mp4)).asPart()));
        assertEquals("processing", first.status());
        assertEquals(List.of("mp4"), first.variants().stream().map(MediaItem.Variant::format).toList());
        URI url = URI.create(first.url());
        given().when().get(url.getRawPath() + "?" + url.getRawQuery()).then().statusCode(200).contentType("video/mp4");
        assertEquals(true, InternalHttp.await(media().exists(id, ada)), "its owner sees it while it is made");
        assertEquals(false, InternalHttp.await(media().exists(id, CallAs.user("usr_bob", Tier.FREE))));

        MediaItem second = InternalHttp.await(media().register(video(id, List.of(mp4, webm)).asPart()));
        assertEquals("processing", second.status());
        assertEquals(List.of("mp4", "webm"), second.variants().stream().map(MediaItem.Variant::format).toList());

        MediaItem whole = InternalHttp.await(media().register(video(id, List.of(mp4, webm, poster))));
        assertEquals("ready", whole.status());
        assertEquals(2, whole.variants().size());
        // The same file; a private item's URLs are signed when answered, so their expiry may differ by the second.
        assertEquals(URI.create(first.url()).getPath(), URI.create(whole.url()).getPath(), "the URL told as playable is the item's");
        assertNotNull(whole.thumbnail(), "the last part's thumbnail is the item's");
        InternalHttp.await(media().discard(id));
        assertEquals(true, InternalHttp.await(media().exists(id, ada)), "a ready item is not discarded");
    }

    /**
     * A late part arriving with the whole video's registration (the transcode stage keeps its part while the thumbnail
     * stage works): whichever takes the item's lock first, the video ends ready, listed with every file.
     */
    @Test
    void aLatePartArrivingWithTheWholeVideoLeavesItReady() throws Exception {
        for (int attempt = 0; attempt < 8; attempt++) {
            String id = newId();
            VideoWork.StagedFile mp4 = staged(id, "480p.mp4", "rendition", "mp4", "video/mp4");
            VideoWork.StagedFile webm = staged(id, "480p.webm", "rendition", "webm", "video/webm");
            VideoWork.StagedFile poster = staged(id, "thumbnail.webp", "thumbnail", "webp", "image/webp");
            InternalHttp.await(media().register(video(id, List.of(mp4)).asPart()));
            Thread part = Thread.ofVirtual().start(() -> InternalHttp.await(media().register(video(id, List.of(mp4, webm)).asPart())));
            Thread whole = Thread.ofVirtual().start(() -> InternalHttp.await(media().register(video(id, List.of(mp4, webm, poster)))));
            part.join();
            whole.join();
            MediaRecord kept = QuarkusTransaction.requiringNew().call(() -> MediaRecord.<MediaRecord>findById(id));
            assertEquals("ready", kept.status, "attempt " + attempt);
            List<String> files = QuarkusTransaction.requiringNew().call(() -> MediaFile.of(id).stream().map(f -> f.name).toList());
            assertTrue(files.containsAll(List.of("480p.webm", "thumbnail.webp")), "attempt " + attempt + ": " + files);
        }
    }

    /**
     * A source video a request named by URL is kept from the staging bucket as its owner's private item (routing's
     * {@code SourceItems}), made by nobody, readable by its owner only; kept again under the same id, it stays one item.
     */
    @Test
    void aRequestsSourceVideoIsKeptAsItsOwnersPrivateItem() {
        String id = newId();
        VideoWork.StagedFile source = staged(id, "source.mp4", "original", "mp4", "video/mp4");
        RegisterMedia command = RegisterMedia.sourceVideo(new RegisterMedia.Keeping(id, "usr_ada", false, 7),
                new Shape("854x480", 1.0, 854, 480), Arc.container().instance(ObjectStore.class).get().bucket(), source);
        MediaItem kept = InternalHttp.await(media().register(command));
        assertEquals(id, kept.id());
        assertEquals("video/mp4", kept.mime());
        assertEquals(Boolean.FALSE, kept.isPublic());
        assertEquals(kept.id(), InternalHttp.await(media().register(command)).id(), "kept again (a redelivered job): one item");
        assertArrayEquals(("source.mp4 of " + id).getBytes(StandardCharsets.UTF_8),
                InternalHttp.await(media().content(id, CallAs.user("usr_ada", Tier.FREE))));
        assertEquals(ErrorCode.NOT_FOUND, refusal(() -> InternalHttp.await(media().content(id, CallAs.user("usr_bob", Tier.FREE)))).code());
    }

    /** A video whose job failed after its first part is dropped with its files. */
    @Test
    void anUnfinishedVideoIsDiscarded() {
        String id = newId();
        VideoWork.StagedFile mp4 = staged(id, "480p.mp4", "rendition", "mp4", "video/mp4");
        MediaItem part = InternalHttp.await(media().register(video(id, List.of(mp4)).asPart()));
        InternalHttp.await(media().discard(id));
        assertEquals(false, InternalHttp.await(media().exists(id, CallAs.user("usr_ada", Tier.FREE))));
        URI url = URI.create(part.url());
        given().when().get(url.getRawPath() + "?" + url.getRawQuery()).then().statusCode(404);
    }

    private static VideoWork.StagedFile staged(String id, String name, String role, String format, String mime) {
        ObjectStore store = Arc.container().instance(ObjectStore.class).get();
        byte[] bytes = (name + " of " + id).getBytes(StandardCharsets.UTF_8);
        String key = "staged/" + id + "/" + name;
        store.put(key, mime, bytes);
        return new VideoWork.StagedFile(key, name, role, format, "mp4".equals(format) ? "h264" : format, "480p", 854, 480, mime,
                bytes.length);
    }

    private static RegisterMedia video(String id, List<VideoWork.StagedFile> files) {
        return RegisterMedia.video(new RegisterMedia.Keeping(id, "usr_ada", false, 7),
                new MadeBy("local/motion", "local/motion:1.1", "local", "Local renderer", "a kite", null, new BigDecimal("0.10")),
                new Shape("480p", 1.0, 854, 480),
                Arc.container().instance(ObjectStore.class).get().bucket(), "480p.mp4", files, List.of());
    }

    private static ApiException refusal(Executable call) {
        return assertThrows(ApiException.class, call);
    }
}
