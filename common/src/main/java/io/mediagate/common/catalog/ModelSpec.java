package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediagate.common.values.Input;
import io.mediagate.common.values.MediaKind;
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
        List<Input> inputs,
        List<ParameterSpec> parameters,
        List<OfferSpec> offers,
        Instant createdAt,
        Lifecycle lifecycle,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<String> aspectRatios,
        @JsonInclude(JsonInclude.Include.NON_NULL) String operation) {

    /** The utility operations a video model may do to a source video ({@code operation}), each at {@code /v1/videos/<operation>}. */
    public static final java.util.Set<String> VIDEO_OPERATIONS = java.util.Set.of("upscale", "extend");

    /** What a video model makes when its catalog entry names no {@code aspectRatios}: landscape. */
    public static final List<String> LANDSCAPE = List.of("16:9");

    /** A model with no lifecycle announced. */
    public ModelSpec(String id, String displayName, String media, String description, List<VersionSpec> versions, List<String> sizes,
                     String defaultSize, DurationSpec durations, List<Input> inputs, List<ParameterSpec> parameters,
                     List<OfferSpec> offers, Instant createdAt) {
        this(id, displayName, media, description, versions, sizes, defaultSize, durations, inputs, parameters, offers, createdAt, null);
    }

    /** A model whose videos (if it makes them) are landscape only. */
    public ModelSpec(String id, String displayName, String media, String description, List<VersionSpec> versions, List<String> sizes,
                     String defaultSize, DurationSpec durations, List<Input> inputs, List<ParameterSpec> parameters,
                     List<OfferSpec> offers, Instant createdAt, Lifecycle lifecycle) {
        this(id, displayName, media, description, versions, sizes, defaultSize, durations, inputs, parameters, offers, createdAt,
                lifecycle, null, null);
    }

    /** A generation model: it makes media from a prompt (and pictures), no utility {@code operation}. */
    public ModelSpec(String id, String displayName, String media, String description, List<VersionSpec> versions, List<String> sizes,
                     String defaultSize, DurationSpec durations, List<Input> inputs, List<ParameterSpec> parameters,
                     List<OfferSpec> offers, Instant createdAt, Lifecycle lifecycle, List<String> aspectRatios) {
        this(id, displayName, media, description, versions, sizes, defaultSize, durations, inputs, parameters, offers, createdAt,
                lifecycle, aspectRatios, null);
    }

    /**
     * Whether this model does a utility operation ({@code operation}: {@code upscale}, {@code remove-background}) on a picture
     * it is sent, at that operation's endpoint, rather than generate.
     */
    public boolean utility() {
        return operation != null;
    }

    /**
     * The aspect ratios a video model makes at each of its sizes ({@code 16:9}, {@code 9:16}, {@code 1:1}...; the first is
     * its default), every offer of it alike; {@link #LANDSCAPE} when the catalog names none. An image model's shapes are its
     * sizes: empty.
     */
    public List<String> videoRatios() {
        if (kind() != MediaKind.VIDEO) {
            return List.of();
        }
        return aspectRatios == null || aspectRatios.isEmpty() ? LANDSCAPE : aspectRatios;
    }

    /** What the model makes, as a kind ({@code media} is validated when the catalog is read: image or video). */
    public MediaKind kind() {
        return MediaKind.fromWire(media);
    }

    /**
     * The lifecycle that holds for {@code offer} of this model: the offer's own where it has one, else the model's
     * (null when neither is announced).
     */
    public Lifecycle lifecycleOf(OfferSpec offer) {
        return offer.lifecycle() != null ? offer.lifecycle() : lifecycle;
    }

    /**
     * The model's lifecycle as a whole, as its callers meet it: it shuts when its last offer does. Null when some offer
     * has none (the model lives on there). With every offer's lifecycle known: the model's own dates, replacement and page
     * where it has them, its shutdown the latest of its offers' (none while one offer has none announced); else the offers'
     * (the latest deprecation, and the replacement and page of the offer that shuts last). A model without offers has its
     * own.
     */
    public Lifecycle overallLifecycle() {
        List<Lifecycle> each = offers.stream().map(this::lifecycleOf).toList();
        if (each.isEmpty()) {
            return lifecycle; // a model kept in the catalog after its shutdown, its offers gone
        }
        if (each.stream().anyMatch(java.util.Objects::isNull)) {
            return null;
        }
        java.time.LocalDate shutdown = each.stream().allMatch(l -> l.shutdown() != null)
                ? each.stream().map(Lifecycle::shutdown).max(Comparator.naturalOrder()).orElseThrow() : null;
        if (lifecycle != null) {
            return new Lifecycle(lifecycle.deprecated(), shutdown, lifecycle.replacement(), lifecycle.source());
        }
        Lifecycle last = each.stream().max(Comparator.comparing(l -> l.shutdown() == null ? java.time.LocalDate.MAX : l.shutdown()))
                .orElseThrow();
        java.time.LocalDate deprecated = each.stream().map(Lifecycle::deprecated).filter(java.util.Objects::nonNull)
                .max(Comparator.naturalOrder()).orElse(null);
        return new Lifecycle(deprecated, shutdown, last.replacement(), last.source());
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
