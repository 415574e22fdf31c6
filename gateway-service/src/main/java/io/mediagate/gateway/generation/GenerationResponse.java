package io.mediagate.gateway.generation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.ImageOutput;
import io.mediagate.common.events.Stats;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * The 200 answer of a generation, image or video: {@code {success, created, data, price, stats}}
 * ({@code created}, in Unix seconds, is what OpenAI clients read). {@code data} holds media items, or with
 * {@code response_format: b64_json} media items that also carry their bytes ({@code images/InlineImages}). An image's answer
 * also has OpenAI's fields for what was delivered, where known: {@code output_format}, {@code quality}, {@code size},
 * {@code background} and the provider's {@code usage}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GenerationResponse(boolean success, long created, List<?> data, BigDecimal price, Stats stats,
                                 @JsonProperty("output_format") String outputFormat, String quality, String size, String background,
                                 Map<String, Object> usage) {

    public static Response ok(GenerationReply reply, Clock clock) {
        return ok(reply, reply.data(), clock);
    }

    public static Response ok(GenerationReply reply, List<?> data, Clock clock) {
        ImageOutput image = reply.stats() == null || reply.stats().image() == null
                ? new ImageOutput(null, null, null, null, null) : reply.stats().image();
        return Response.ok(new GenerationResponse(true, clock.instant().getEpochSecond(), data, reply.price(), reply.stats(),
                image.outputFormat(), image.quality(), image.size(), image.background(), image.usage()))
                .type(MediaType.APPLICATION_JSON_TYPE).build();
    }
}
