package io.mediagate.gateway.generation;

import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.jobs.GenerationAnswer;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.List;

/** The 200 answer of a generation, image or video: its {@link GenerationAnswer}. */
public final class GenerationResponse {
    private GenerationResponse() {
    }

    public static Response ok(GenerationReply reply, Clock clock) {
        return ok(reply, reply.data(), clock);
    }

    /** {@code data} as delivered: the media items, or with {@code response_format: b64_json} the items with their bytes. */
    public static Response ok(GenerationReply reply, List<?> data, Clock clock) {
        return Response.ok(GenerationAnswer.of(reply, data, clock.instant().getEpochSecond()))
                .type(MediaType.APPLICATION_JSON_TYPE).build();
    }
}
