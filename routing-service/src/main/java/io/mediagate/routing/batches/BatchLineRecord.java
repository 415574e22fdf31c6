package io.mediagate.routing.batches;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * One request of a batch, by its number in the input file: {@code pending} until it is dispatched as a job
 * ({@code queued}, its {@link #jobId} set), then {@code succeeded} or {@code failed} with its output line; a line the
 * endpoint refused is {@code failed} from the start, one never run (the batch cancelled or expired) {@code cancelled}.
 */
@Entity
@Table(name = "batch_lines")
@IdClass(BatchLineRecord.Key.class)
public class BatchLineRecord extends PanacheEntityBase {
    public static final String PENDING = "pending";
    public static final String QUEUED = "queued";
    public static final String SUCCEEDED = "succeeded";
    public static final String FAILED = "failed";
    public static final String CANCELLED = "cancelled";

    @Id
    @Column(name = "batch_id")
    public String batchId;
    @Id
    public int line;
    @Column(name = "custom_id")
    public String customId;
    public String status;
    @Column(name = "job_id")
    public String jobId;
    /** The generation request the line became (JSON), while it waits to run. */
    public String request;
    /** The line of the output or error file, once the line has ended. */
    public String response;
    @Column(name = "request_id")
    public String requestId;
    /** The line's worst-case price, in a batch with a budget. */
    public BigDecimal worst;
    /** The provider it was routed to first when it was dispatched; null before, or when it could not be routed. */
    public String provider;
    /** How it is made once dispatched: null, a job of its own; {@link #VIA_PROVIDER}, through its provider's batch API. */
    public String via;

    /** A line sent through its provider's batch API: the provider's batch limits apply to it, not the running limits here. */
    public static final String VIA_PROVIDER = "provider";

    /** The primary key: the batch and the line's number. */
    public static class Key implements Serializable {
        public String batchId;
        public int line;

        public Key() {
        }

        public Key(String batchId, int line) {
            this.batchId = batchId;
            this.line = line;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.line == line && Objects.equals(k.batchId, batchId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(batchId, line);
        }
    }
}
