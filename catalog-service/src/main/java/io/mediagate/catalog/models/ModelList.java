package io.mediagate.catalog.models;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /v1/models}: the seed's envelope ({@code result}: a page of models and their total) and, next
 * to it, OpenAI's list shape ({@code object: "list"}, {@code data}) so the stock SDKs' {@code models.list()}
 * works. OpenAI's list is not paginated: {@code data} holds every model that matches the filters.
 */
public record ModelList(boolean success, Map<String, Object> result, String object, List<Entry> data) {

    /** One model as OpenAI lists it: {@code created} in Unix seconds, {@code owned_by} the id's namespace. */
    public record Entry(String id, String object, long created, @JsonProperty("owned_by") String ownedBy) {
        static Entry of(String id, Instant createdAt) {
            int slash = id.indexOf('/');
            return new Entry(id, "model", createdAt.getEpochSecond(), slash > 0 ? id.substring(0, slash) : "mediagate");
        }
    }
}
