package io.mediagate.common.jobs;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/**
 * One event of a job's life, as its event stream ({@code GET /v1/jobs/{id}/events}) and its webhooks carry it: its
 * {@code id} (1, 2, … per job, the stream's {@code id:} and what {@code Last-Event-ID} names), its {@code event}, when it
 * happened and its {@code data} (a JSON object whose fields depend on the event: docs/api-guide.md, "Job events").
 */
public record JobEvent(long id, Kind event, Instant at, JsonNode data) {

    /** The kinds of events, by their wire names; {@link #terminal()} ones end a job and its stream. */
    public enum Kind {
        QUEUED("queued"), STARTED("started"), PROGRESS("progress"), PREVIEW("preview"), RETRY("retry"), FALLBACK("fallback"),
        STAGE("stage"), PLAYABLE("playable"), COMPLETED("completed"), FAILED("failed"), CANCELLED("cancelled");

        private final String wire;

        Kind(String wire) {
            this.wire = wire;
        }

        @JsonValue
        public String wire() {
            return wire;
        }

        public boolean terminal() {
            return this == COMPLETED || this == FAILED || this == CANCELLED;
        }

        /** The kind of wire name {@code name}, or null. */
        public static Kind of(String name) {
            for (Kind kind : values()) {
                if (kind.wire.equals(name)) {
                    return kind;
                }
            }
            return null;
        }
    }

    public boolean terminal() {
        return event != null && event.terminal();
    }

    /**
     * The event as its stream's {@code data:} line and its webhook's {@code data} carry it: {@code id}, {@code event},
     * {@code job_id}, {@code at}, then the event's own fields.
     */
    public ObjectNode wire(ObjectMapper json, String jobId) {
        ObjectNode wire = json.createObjectNode();
        wire.put("id", id);
        wire.put("event", event.wire());
        wire.put("job_id", jobId);
        wire.put("at", at.toString());
        if (data instanceof ObjectNode fields) {
            wire.setAll(fields);
        }
        return wire;
    }
}
