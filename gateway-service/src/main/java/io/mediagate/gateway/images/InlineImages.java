package io.mediagate.gateway.images;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.media.MediaApi;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.generation.GenerationResponse;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.Base64;
import java.util.List;

/**
 * {@code response_format: b64_json}: the stored images are read back from media-service (as the caller) and
 * each item of the answer carries its bytes as {@code b64_json} next to its {@code id}, {@code url} and
 * media fields, the shape OpenAI clients decode. The images are stored either way.
 */
@ApplicationScoped
public class InlineImages {
    public static final String FORMAT = "b64_json";
    private final MediaApi media;
    private final ObjectMapper json;
    private final Clock clock;

    InlineImages(MediaApi media, ObjectMapper json, Clock clock) {
        this.media = media;
        this.json = json;
        this.clock = clock;
    }

    /** The generation's 200 answer, with the bytes inline when {@code format} asks for them. */
    public Uni<Response> answer(GenerationReply reply, String format, Caller caller) {
        if (!FORMAT.equals(format) || reply.data() == null || reply.data().isEmpty()) {
            return Uni.createFrom().item(GenerationResponse.ok(reply, clock));
        }
        List<Uni<ObjectNode>> items = reply.data().stream().map(item -> inline(item, caller)).toList();
        return Uni.join().all(items).andFailFast().map(data -> GenerationResponse.ok(reply, data, clock));
    }

    private Uni<ObjectNode> inline(MediaItem item, Caller caller) {
        return Uni.createFrom().completionStage(() -> media.content(item.id(), caller.as())).map(bytes -> {
            ObjectNode node = json.valueToTree(item);
            node.put(FORMAT, Base64.getEncoder().encodeToString(bytes));
            return node;
        });
    }
}
