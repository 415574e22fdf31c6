package io.mediagate.common.jobs;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
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
}
