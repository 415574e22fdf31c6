package io.mediagate.common.catalog;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;

/**
 * Whether a model still has an offer, and the answer to a request naming one that has none: 410 {@code model_retired}
 * naming the replacement where the catalog knows one (in the message and as {@code replacement}), since waiting and
 * trying again, as a 503 would suggest, never brings a retired model back. Routing answers it, and the gateway where it
 * checks a request against the catalog itself (OpenAI's always asynchronous video face).
 */
public final class RetiredModel {
    /** The request field that asks to be served by the replacement of a retired model. */
    public static final String UPGRADES = "model_upgrades";
    /** {@link #UPGRADES}: be served by the replacement. */
    public static final String REPLACEMENT = "replacement";
    /** {@link #UPGRADES}: be refused (the default). */
    public static final String NONE = "none";

    private RetiredModel() {
    }

    /**
     * The offers of {@code resolved} out of routing at {@code now}: those the catalog retired and those whose lifecycle
     * ({@link ModelSpec#lifecycleOf}) has reached its shutdown day, by provider.
     */
    public static Map<String, Retirement> retiredAt(ResolvedModel resolved, Instant now) {
        Map<String, Retirement> all = new java.util.HashMap<>(resolved.retired());
        for (OfferSpec offer : resolved.model().offers()) {
            shut(resolved.model(), offer, now).ifPresent(r -> all.putIfAbsent(offer.provider(), r));
        }
        return all;
    }

    /** The retirement of {@code offer} by its lifecycle at {@code now}: from 00:00 UTC of its shutdown day on. */
    public static java.util.Optional<Retirement> shut(ModelSpec model, OfferSpec offer, Instant now) {
        Lifecycle life = model.lifecycleOf(offer);
        return life != null && life.shutAt(now)
                ? java.util.Optional.of(new Retirement(model.id(), offer.provider(), "shut down by " + offer.provider() + " on "
                        + life.shutdown() + " (" + life.source() + ")", life.sunset()))
                : java.util.Optional.empty();
    }

    /**
     * Whether no offer of the model is left at {@code now}: every one is in {@code retired} (by provider), or the catalog
     * keeps the model without offers (only a model with a shutdown day may be kept so: shut down already, or withdrawn
     * ahead of it so that no job accepted the day before runs into it).
     */
    public static boolean whollyRetired(ModelSpec model, Map<String, Retirement> retired, Instant now) {
        if (model.offers().isEmpty()) {
            return true;
        }
        return model.offers().stream().allMatch(o -> retired.containsKey(o.provider()));
    }

    /** 410 {@code model_retired} for {@code model}, none of whose offers is left at {@code now} ({@code retired}: why). */
    public static ApiException error(ModelSpec model, Instant now, Collection<Retirement> retired) {
        Lifecycle life = model.overallLifecycle();
        String replacement = life == null ? null : life.replacement();
        StringBuilder message = new StringBuilder();
        if (life != null && life.shutAt(now)) {
            message.append(model.id()).append(" was shut down by its provider on ").append(life.shutdown()).append(" (")
                    .append(life.source()).append(')');
        } else if (life != null && life.shutdown() != null && model.offers().isEmpty()) {
            message.append(model.id()).append(" shuts down at its provider on ").append(life.shutdown()).append(" (")
                    .append(life.source()).append(") and is no longer offered");
        } else {
            message.append("no provider of ").append(model.id()).append(" has it any more: ")
                    .append(retired.stream().sorted(java.util.Comparator.comparing(Retirement::provider)).map(Retirement::reason)
                            .findFirst().orElse("every offer is retired")); // the first provider by name: the same answer every time
        }
        message.append(replacement == null ? "; the catalog names no replacement"
                : "; its replacement is " + replacement + ": name it, or send " + UPGRADES + ": \"" + REPLACEMENT
                        + "\" to be served by it");
        return new ApiException(ErrorCode.MODEL_RETIRED, message.toString(), "model",
                replacement == null ? Map.of() : Map.of(REPLACEMENT, replacement));
    }
}
