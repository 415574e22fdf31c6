package io.mediagate.common.catalog;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A model as declared in the catalog file: its versions, what it accepts, the offers that serve it, and its lifecycle
 * at its provider ({@link Lifecycle}: deprecated, shutting down, replaced), where announced.
 * Shared by catalog-service (which owns it) and routing-service (which routes among its offers).
 */
public record ModelSpec(
        String id,
        String displayName,
        String media,
        String description,
        List<VersionSpec> versions,
        List<String> sizes,
        String defaultSize,
        DurationSpec durations,
        List<String> inputs,
        List<ParameterSpec> parameters,
        List<OfferSpec> offers,
        Instant createdAt,
        Lifecycle lifecycle) {

    /** A model with no lifecycle announced. */
    public ModelSpec(String id, String displayName, String media, String description, List<VersionSpec> versions, List<String> sizes,
                     String defaultSize, DurationSpec durations, List<String> inputs, List<ParameterSpec> parameters,
                     List<OfferSpec> offers, Instant createdAt) {
        this(id, displayName, media, description, versions, sizes, defaultSize, durations, inputs, parameters, offers, createdAt, null);
    }

    /**
     * The lifecycle that holds for {@code offer} of this model: the offer's own where it has one, else the model's
     * (null when neither is announced).
     */
    public Lifecycle lifecycleOf(OfferSpec offer) {
        return offer.lifecycle() != null ? offer.lifecycle() : lifecycle;
    }

    public String base() {
        return id.substring(0, id.indexOf('/'));
    }

    public String name() {
        return id.substring(id.indexOf('/') + 1);
    }

    /** The newest version by creation time. */
    public VersionSpec latest() {
        return versions.stream().max(Comparator.comparing(VersionSpec::createdAt)).orElseThrow();
    }

    /** The named version, or the latest when {@code version} is empty. */
    public Optional<VersionSpec> version(Optional<String> version) {
        if (version.isEmpty()) {
            return Optional.of(latest());
        }
        return versions.stream().filter(v -> v.version().equalsIgnoreCase(version.get())).findFirst();
    }
}
