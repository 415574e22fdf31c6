package io.mediagate.media.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.events.MadeBy;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.media.MediaApi;
import io.mediagate.common.media.MediaApiClient;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.common.tier.Tier;
import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestImages;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.net.URL;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
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
    @TestHTTPResource("/")
    URL base;

    private MediaApi media() {
        return new MediaApiClient(http, base.toString(), CallAs.service("routing-service"));
    }

    private static RegisterMedia image(String id, String owner, byte[] png) {
        String name = "image_0.png";
        return RegisterMedia.image(new RegisterMedia.Keeping(id, owner, false, 7),
                new MadeBy("local/pattern", "local/pattern:2.0", "local", "Local renderer", "a kite", null, new BigDecimal("0.04")),
                new RegisterMedia.Shape("16x12", null, 16, 12),
                new VideoWork.StagedFile(null, name, "original", "png", null, "16x12", 16, 12, "image/png", png.length), null);
    }

    private static String newId() {
        return "med_" + UUID.randomUUID().toString().replace("-", "");
    }

    private static HttpRequest.BodyPublisher file(byte[] bytes) {
        return HttpRequest.BodyPublishers.ofByteArray(bytes);
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
    void aRefusedRegistrationNamesWhatIsWrongAndAUserMayNotRegister() {
        byte[] png = TestImages.png(4, 4);
        ApiException refused = refusal(() -> InternalHttp.await(media().register(image("not-an-id", "usr_ada", png), file(png))));
        assertEquals(ErrorCode.INVALID_REQUEST, refused.code());
        assertEquals("id", refused.param());

        MediaApi asUser = new MediaApiClient(http, base.toString(), CallAs.user("usr_ada", Tier.FREE));
        ApiException forbidden = refusal(() -> InternalHttp.await(asUser.register(image(newId(), "usr_ada", png), file(png))));
        assertEquals(403, forbidden.code().status());
    }

    private static ApiException refusal(Executable call) {
        return assertThrows(ApiException.class, call);
    }
}
