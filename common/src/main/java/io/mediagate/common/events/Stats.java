package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * Processing statistics of a generation. Times in milliseconds: {@code setupTime} from receipt to the
 * first provider call, {@code generationTime} the serving attempt, {@code processingTime} storage (and for
 * video transcoding and thumbnails); {@code retries} counts extra attempts, fallbacks included. {@code applied}: what
 * the serving provider was asked for, and billed, where it differs from the request (a video's {@code duration}
 * rounded up to the provider's clip lengths, an image's delivered {@code size}); absent when nothing differs. {@code image}: what
 * an image generation delivered ({@link ImageOutput}), which its answer also carries in OpenAI's fields. {@code usage}: what
 * the serving provider metered and how the charge was made of it ({@link Usage}). {@code batch}, for a batch's line only: how it
 * was made, {@code provider} (through the provider's own batch API, at the offer's batch price) or {@code job} (a job of its
 * own, at the offer's price).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Stats(
        long setupTime,
        long processingTime,
        long generationTime,
        int retries,
        String providerId,
        List<Attempt> attempts,
        Routing routing,
        List<String> ignoredParams,
        Map<String, Object> applied,
        ImageOutput image,
        Usage usage,
        String batch,
        Reused reused) {

    /** How a batch's line was made: through the provider's own batch API, at its batch price. */
    public static final String BATCH_PROVIDER = "provider";
    /** How a batch's line was made: as a job of its own, at the offer's price. */
    public static final String BATCH_JOB = "job";

    public Stats(long setupTime, long processingTime, long generationTime, int retries, String providerId, List<Attempt> attempts,
                 Routing routing, List<String> ignoredParams, Map<String, Object> applied, ImageOutput image, Usage usage, String batch) {
        this(setupTime, processingTime, generationTime, retries, providerId, attempts, routing, ignoredParams, applied, image, usage, batch, null);
    }

    public Stats(long setupTime, long processingTime, long generationTime, int retries, String providerId, List<Attempt> attempts,
                 Routing routing, List<String> ignoredParams, Map<String, Object> applied, ImageOutput image, Usage usage) {
        this(setupTime, processingTime, generationTime, retries, providerId, attempts, routing, ignoredParams, applied, image, usage, null);
    }

    /** A result reused rather than made ({@code reuse}): {@code from}, the item whose stored bytes it shares. */
    public record Reused(String from) {}

    /** These stats saying the result was reused from item {@code from}, made by no provider call. */
    public Stats withReused(String from) {
        return new Stats(setupTime, processingTime, generationTime, retries, providerId, attempts, routing, ignoredParams, applied, image, usage,
                batch, new Reused(from));
    }

    public Stats(long setupTime, long processingTime, long generationTime, int retries, String providerId, List<Attempt> attempts,
                 Routing routing, List<String> ignoredParams, Map<String, Object> applied) {
        this(setupTime, processingTime, generationTime, retries, providerId, attempts, routing, ignoredParams, applied, null, null);
    }

    public Stats(long setupTime, long processingTime, long generationTime, int retries, String providerId, List<Attempt> attempts,
                 Routing routing, List<String> ignoredParams, Map<String, Object> applied, ImageOutput image) {
        this(setupTime, processingTime, generationTime, retries, providerId, attempts, routing, ignoredParams, applied, image, null);
    }

    /**
     * What the serving provider metered for the job and how the charge ({@code price}) was made of it: {@code basis}
     * {@code tokens} (the {@code tokens} it reported, at the offer's {@code rates} in US dollars per million), {@code
     * megapixels} (the {@code megapixels} made and taken in, at the offer's rates), {@code provider} (the cost the provider
     * reported for the call) or {@code table} (its published price per image, per second: the offer meters nothing, or
     * the answer reported no usage, which {@code note} then says).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Usage(String basis, io.mediagate.common.catalog.TokenUsage tokens, io.mediagate.common.catalog.TokenRates rates,
                        java.math.BigDecimal megapixels, java.math.BigDecimal charge, String note) {}

    /** These stats with what the serving provider metered. */
    public Stats withUsage(Usage metered) {
        return new Stats(setupTime, processingTime, generationTime, retries, providerId, attempts, routing, ignoredParams, applied, image, metered, batch, reused);
    }

    /** These stats with {@code processingTime} replaced (a video's is known only once the pipeline is done). */
    public Stats withProcessingTime(long ms) {
        return new Stats(setupTime, ms, generationTime, retries, providerId, attempts, routing, ignoredParams, applied, image, usage, batch, reused);
    }

    /** These stats with {@code applied} also saying that {@code field} was {@code value} (what was delivered, where it differs). */
    public Stats withApplied(String field, Object value) {
        Map<String, Object> merged = new java.util.LinkedHashMap<>(applied == null ? Map.of() : applied);
        merged.put(field, value);
        return new Stats(setupTime, processingTime, generationTime, retries, providerId, attempts, routing, ignoredParams, Map.copyOf(merged),
                image, usage, batch, reused);
    }

    /** These stats saying how a batch's line was made ({@link #BATCH_PROVIDER}, {@link #BATCH_JOB}). */
    public Stats withBatch(String how) {
        return new Stats(setupTime, processingTime, generationTime, retries, providerId, attempts, routing, ignoredParams, applied, image, usage, how, reused);
    }

    /** These stats with what the image generation delivered. */
    public Stats withImage(ImageOutput delivered) {
        return new Stats(setupTime, processingTime, generationTime, retries, providerId, attempts, routing, ignoredParams, applied, delivered, usage, batch, reused);
    }

    /**
     * One call to one provider and how it ended: {@code outcome} success, failure or skipped; for a
     * failure the {@code code} it maps to and its {@code failure} class ({@link FailureClass#wire()}), and
     * {@code billed}: what the provider bills for it although it failed for us (a call it received and went on with
     * after we stopped waiting), null when nothing. The caller is never charged for a failed attempt.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Attempt(String provider, Outcome outcome, String code, long ms, String failure, java.math.BigDecimal billed) {
        public Attempt(String provider, Outcome outcome, String code, long ms, String failure) {
            this(provider, outcome, code, ms, failure, null);
        }

        public static Attempt success(String provider, long ms) {
            return new Attempt(provider, Outcome.SUCCESS, null, ms, null);
        }

        public static Attempt skipped(String provider, String why) {
            return new Attempt(provider, Outcome.SKIPPED, why, 0, null);
        }

        /** Whether the provider was called (it was not when its circuit was open). */
        public boolean called() {
            return outcome != Outcome.SKIPPED;
        }
    }

    /** How one attempt ended, written in lower case on the wire ({@code success}, {@code failure}, {@code skipped}). */
    public enum Outcome {
        SUCCESS, FAILURE, SKIPPED;

        @com.fasterxml.jackson.annotation.JsonValue
        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** The outcome a wire value names; null for one this version does not know. */
        @com.fasterxml.jackson.annotation.JsonCreator
        public static Outcome of(String wire) {
            for (Outcome o : values()) {
                if (o.wire().equals(wire)) {
                    return o;
                }
            }
            return null;
        }
    }

    /** The routing decision: mode and ranked candidates. */
    public record Routing(String mode, List<CandidateSummary> candidates) {}

    /** A candidate as the reply shows it: the provider, its price per unit and the features it takes. */
    public record CandidateSummary(String provider, double price, List<String> features) {}
}
