package io.mediagate.common.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.ImageOutput;
import io.mediagate.common.events.Stats;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The body of a generation's success, image or video: {@code {success, created, data, price, stats}}
 * ({@code created}, in Unix seconds, is what OpenAI clients read). {@code data} holds media items, or with
 * {@code response_format: b64_json} media items that also carry their bytes. An image's answer also has OpenAI's fields
 * for what was delivered, where known: {@code output_format}, {@code quality}, {@code size}, {@code background} and the
 * provider's {@code usage}. The gateway answers it; a batch's output line carries it as its {@code body}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GenerationAnswer(boolean success, long created, List<?> data, BigDecimal price, Stats stats,
                               @JsonProperty("output_format") String outputFormat, String quality, String size, String background,
                               Map<String, Object> usage) {

    /** The answer to {@code reply}, with {@code data} as delivered, made at {@code created} (Unix seconds). */
    public static GenerationAnswer of(GenerationReply reply, List<?> data, long created) {
        ImageOutput image = reply.stats() == null || reply.stats().image() == null
                ? new ImageOutput(null, null, null, null, null) : reply.stats().image();
        return new GenerationAnswer(true, created, data, reply.price(), reply.stats(), image.outputFormat(), image.quality(),
                image.size(), image.background(), image.usage());
    }
}
