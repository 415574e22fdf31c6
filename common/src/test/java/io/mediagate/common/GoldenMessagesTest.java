package io.mediagate.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.StageProgress;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.jobs.JobView;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.common.values.JobStage;
import io.mediagate.common.values.MediaKind;
import io.mediagate.common.values.Size;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The messages services exchange on Kafka and over HTTP, byte for byte as the code before the contract's value types
 * wrote them (captured from that code into {@code src/test/resources/golden}): each is read by today's types and written
 * again unchanged, so a consumer one version behind reads what this version writes and the other way round. The mapper
 * is configured as Quarkus configures the services' own (ISO dates, unknown properties ignored).
 */
class GoldenMessagesTest {
    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules()
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    static Stream<Arguments> messages() {
        return Stream.of(
                Arguments.of("generation-request-image", GenerationRequest.class),
                Arguments.of("generation-request-video", GenerationRequest.class),
                Arguments.of("job-view", JobView.class),
                Arguments.of("stage-progress", StageProgress.class),
                Arguments.of("resolved-model", ResolvedModel.class),
                Arguments.of("media-item", MediaItem.class),
                Arguments.of("video-work", VideoWork.class),
                Arguments.of("register-media", RegisterMedia.class));
    }

    private static String golden(String name) throws IOException {
        try (InputStream in = GoldenMessagesTest.class.getResourceAsStream("/golden/" + name + ".json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("messages")
    void aMessageIsReadAndWrittenAgainByteForByte(String name, Class<?> type) throws Exception {
        String golden = golden(name);
        assertEquals(golden, JSON.writeValueAsString(JSON.readValue(golden, type)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("messages")
    void aFieldAddedByANewerVersionIsIgnored(String name, Class<?> type) throws Exception {
        ObjectNode newer = (ObjectNode) JSON.readTree(golden(name));
        newer.put("addedLater", "x");
        assertEquals(golden(name), JSON.writeValueAsString(JSON.readValue(newer.toString(), type)));
    }

    @Test
    void theWordsOfTheContractAreReadAsValues() throws Exception {
        GenerationRequest image = JSON.readValue(golden("generation-request-image"), GenerationRequest.class);
        assertEquals(Size.frame(1536, 1024), image.size());
        assertEquals(MediaKind.IMAGE, image.kind());
        GenerationRequest video = JSON.readValue(golden("generation-request-video"), GenerationRequest.class);
        assertEquals(1280, video.size().width(), "720p is a 1280x720 frame");
        JobView job = JSON.readValue(golden("job-view"), JobView.class);
        assertEquals(JobStage.TRANSCODING, job.stage());
        assertEquals(MediaKind.VIDEO, job.kind());
        assertEquals(Size.of("720p"), job.request().size());
        assertEquals(JobStage.THUMBNAIL, JSON.readValue(golden("stage-progress"), StageProgress.class).stage());
        ResolvedModel model = JSON.readValue(golden("resolved-model"), ResolvedModel.class);
        assertEquals(OfferUnit.SECOND, model.model().offers().get(0).unit());
        assertEquals(MediaKind.VIDEO, model.model().kind());
    }
}
