package io.mediagate.gateway.generation;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.Stats;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.List;

/**
 * The 200 answer of a generation, image or video: {@code {success, created, data, price, stats}}
 * ({@code created}, in Unix seconds, is what OpenAI clients read). {@code data} holds media items, or with
 * {@code response_format: b64_json} media items that also carry their bytes ({@code images/InlineImages}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GenerationResponse(boolean success, long created, List<?> data, BigDecimal price, Stats stats) {

    public static Response ok(GenerationReply reply, Clock clock) {
        return ok(reply, reply.data(), clock);
    }

    public static Response ok(GenerationReply reply, List<?> data, Clock clock) {
        return Response.ok(new GenerationResponse(true, clock.instant().getEpochSecond(), data, reply.price(),
                reply.stats())).type(MediaType.APPLICATION_JSON_TYPE).build();
    }
}
