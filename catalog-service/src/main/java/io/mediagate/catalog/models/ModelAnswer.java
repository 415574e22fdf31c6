package io.mediagate.catalog.models;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * {@code GET /v1/models/{id}}: the seed's envelope ({@code result.model}) and, next to it, OpenAI's model object
 * ({@code id}, {@code object: "model"}, {@code created}, {@code owned_by}), so the stock SDKs' {@code models.retrieve()}
 * works as their {@code models.list()} does.
 */
public record ModelAnswer(boolean success, Map<String, Object> result, String id, String object, long created,
                          @JsonProperty("owned_by") String ownedBy) {
    static ModelAnswer of(ModelView view, ModelList.Entry openAi) {
        return new ModelAnswer(true, Map.of("model", view), openAi.id(), openAi.object(), openAi.created(), openAi.ownedBy());
    }
}
