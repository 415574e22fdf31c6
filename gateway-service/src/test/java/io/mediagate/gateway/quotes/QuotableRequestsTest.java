package io.mediagate.gateway.quotes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.tier.Tier;
import io.mediagate.common.values.MediaKind;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.generation.QuotedTerms;
import io.mediagate.gateway.generation.UtilityModels;
import io.mediagate.gateway.images.ImageRequests;
import io.mediagate.gateway.support.JsonBody;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A quote's body read by its endpoint's own parser: each endpoint's request as it would run, its refusals naming the field under
 * {@code body}; and what a quote holds a request to, whatever face it came by.
 */
class QuotableRequestsTest {
    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();
    private static final Caller CALLER = new Caller("acct_1", Tier.PRO, Tier.PRO.limits(), false, "key_1", null, null);
    private static final UtilityModels UTILITIES = new UtilityModels("local/upscale", "local/cutout", "local/video-upscale", "local/extend");

    private static GenerationRequest parse(String endpoint, String body) throws Exception {
        return QuotableRequests.parse(JSON, UTILITIES, endpoint, JSON.readTree(body),
                new QuotableRequests.Asker(CALLER, "job_0123456789abcdef", "req_1", Instant.EPOCH));
    }

    @Test
    void eachEndpointIsReadAsItWouldRun() throws Exception {
        GenerationRequest image = parse("/v1/images/generations", "{\"model\":\"local/abstract\",\"prompt\":\"p\",\"n\":3,\"size\":\"512x512\","
                + "\"quality\":\"high\"}");
        assertEquals(MediaKind.IMAGE, image.kind());
        assertEquals(3, image.n());
        assertEquals("512x512", image.size().label());
        GenerationRequest edit = parse("/v1/images/edits", "{\"model\":\"local/pattern\",\"prompt\":\"p\",\"images\":[{\"file_id\":\"med_abcdefgh12\"},"
                + "{\"image_url\":\"https://example.com/a.png\"}],\"mask\":{\"file_id\":\"med_abcdefgh13\"}}");
        assertEquals(ImageSources.EDIT, edit.sources().operation());
        assertEquals(2, edit.sources().images().size());
        GenerationRequest variation = parse("/v1/images/variations", "{\"model\":\"local/pattern\",\"images\":[{\"file_id\":\"med_abcdefgh12\"}]}");
        assertEquals(ImageSources.VARIATION, variation.sources().operation());
        assertNull(variation.prompt());
        assertEquals("local/upscale", parse("/v1/images/upscale", "{\"image_url\":\"med_abcdefgh12\",\"scale\":4}").model(), "the default upscaler");
        assertEquals("local/cutout", parse("/v1/images/remove-background", "{\"image_url\":\"med_abcdefgh12\"}").model());
        GenerationRequest video = parse("/v1/videos/generations", "{\"model\":\"local/motion\",\"prompt\":\"p\",\"duration\":5}");
        assertEquals(5.0, video.duration());
        GenerationRequest openAi = parse("/v1/videos", "{\"model\":\"local/motion\",\"prompt\":\"p\",\"seconds\":\"8\",\"size\":\"1280x720\"}");
        assertEquals(8.0, openAi.duration(), "OpenAI's seconds, as /v1/videos reads them");
        GenerationRequest extension = parse("/v1/videos/extend", "{\"video_url\":\"med_abcdefgh12\",\"prompt\":\"on\",\"duration\":3}");
        assertEquals("extend", extension.operation());
        assertEquals("local/extend", extension.model());
        assertEquals("med_abcdefgh12", parse("/v1/videos/upscale", "{\"video_url\":\"med_abcdefgh12\",\"resolution\":\"1080p\"}").videoId());
    }

    @Test
    void whatItsEndpointRefusesIsRefusedNamingTheFieldInTheBody() {
        ApiException n = assertThrows(ApiException.class, () -> parse("/v1/images/generations", "{\"model\":\"local/abstract\",\"prompt\":\"p\",\"n\":11}"));
        assertEquals("body.n", n.param());
        ApiException seconds = assertThrows(ApiException.class, () -> parse("/v1/videos/generations", "{\"model\":\"local/motion\",\"prompt\":\"p\",\"duration\":-1}"));
        assertEquals("body.duration", seconds.param());
        assertEquals("body.images", assertThrows(ApiException.class, () -> parse("/v1/images/edits", "{\"model\":\"m/x\",\"prompt\":\"p\"}")).param());
        assertEquals("body.mask", assertThrows(ApiException.class, () -> parse("/v1/images/variations",
                "{\"model\":\"m/x\",\"images\":[{\"file_id\":\"med_abcdefgh12\"}],\"mask\":{\"file_id\":\"med_abcdefgh13\"}}")).param());
        assertEquals("body", assertThrows(ApiException.class, () -> parse("/v1/images/generations", "[1]")).param());
        assertEquals("body.quote_id", assertThrows(ApiException.class, () -> parse("/v1/images/generations",
                "{\"model\":\"m/x\",\"prompt\":\"p\",\"quote_id\":\"qt_abcdefgh12\"}")).param(), "a quote of a quoted request");
    }

    @Test
    void aQuoteHoldsARequestToWhatSetsItsPriceAndNothingElse() throws Exception {
        String quoted = QuotedTerms.of(JSON, parse("/v1/images/generations", "{\"model\":\"local/abstract\",\"prompt\":\"p\",\"n\":2}"));
        GenerationRequest sent = ImageRequests.parse(JSON, JsonBody.of((ObjectNode) JSON.readTree("{\"model\":\"local/abstract\",\"prompt\":\"p\","
                + "\"n\":2,\"response_format\":\"b64_json\",\"public\":false,\"quote_id\":\"qt_abcdefgh12\"}")), CALLER, "job_x", "req_2",
                Instant.now(), null, -1);
        assertEquals("qt_abcdefgh12", sent.quoteId());
        assertEquals(quoted, QuotedTerms.of(JSON, sent), "format, visibility and the quote's own id set no price");
        for (String other : List.of("{\"model\":\"local/abstract\",\"prompt\":\"p\",\"n\":3}", "{\"model\":\"local/abstract\",\"prompt\":\"q\",\"n\":2}",
                "{\"model\":\"local/abstract\",\"prompt\":\"p\",\"n\":2,\"quality\":\"high\"}",
                "{\"model\":\"local/abstract\",\"prompt\":\"p\",\"n\":2,\"provider\":\"local\"}")) {
            assertNotEquals(quoted, QuotedTerms.of(JSON, parse("/v1/images/generations", other)), other);
        }
        // an edit quoted in its JSON form holds the multipart edit of as many pictures, whatever they are named by
        GenerationRequest json = parse("/v1/images/edits", "{\"model\":\"local/pattern\",\"prompt\":\"p\",\"images\":[{\"file_id\":\"med_abcdefgh12\"}]}");
        GenerationRequest multipart = ImageRequests.parse(JSON, JsonBody.of((ObjectNode) JSON.readTree("{\"model\":\"local/pattern\",\"prompt\":\"p\"}")),
                CALLER, "job_y", "req_3", Instant.now(), new ImageSources(ImageSources.EDIT, List.of("staging/job_y/image-0.png"), null), -1);
        assertEquals(QuotedTerms.of(JSON, json), QuotedTerms.of(JSON, multipart));
        GenerationRequest two = ImageRequests.parse(JSON, JsonBody.of((ObjectNode) JSON.readTree("{\"model\":\"local/pattern\",\"prompt\":\"p\"}")),
                CALLER, "job_y", "req_3", Instant.now(), new ImageSources(ImageSources.EDIT, List.of("a", "b"), null), -1);
        assertNotEquals(QuotedTerms.of(JSON, json), QuotedTerms.of(JSON, two), "another count of pictures is another price");
    }
}
