package io.mediagate.routing.retirement;

import io.mediagate.common.catalog.Lifecycle;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.RetiredModel;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Function;

/**
 * Which model serves a request: the one it names while any offer of it is left; once none is (shut down by its
 * lifecycle, or gone at every provider), its replacement when the request or its account took upgrades
 * ({@code model_upgrades: "replacement"}), followed on while that one is retired too; otherwise 410 {@code model_retired}
 * naming the replacement. Decided before any provider is called, so a retired model costs its providers nothing.
 */
public final class ModelUpgrades {
    /** Replacements followed at most, so a catalog whose replacements run in a circle cannot hold a request. */
    static final int MAX_HOPS = 5;

    private ModelUpgrades() {
    }

    /** The model that serves the request, and the model it named when that was upgraded (else null). */
    public record Chosen(ResolvedModel resolved, String upgradedFrom) {}

    /**
     * @param named    the named model, with every retired offer in its {@code retired} ({@link RetiredOffers#merged})
     * @param upgrades whether the request takes the replacement of a retired model
     * @param resolve  a model by id, merged as {@code named} is
     */
    public static Chosen choose(ResolvedModel named, boolean upgrades, Function<String, ResolvedModel> resolve, Instant now) {
        ResolvedModel current = named;
        Set<String> seen = new HashSet<>();
        while (RetiredModel.whollyRetired(current.model(), current.retired(), now)) {
            Lifecycle life = current.model().overallLifecycle();
            String replacement = life == null ? null : life.replacement();
            seen.add(current.model().id());
            if (!upgrades || replacement == null || seen.contains(replacement.toLowerCase(java.util.Locale.ROOT)) || seen.size() > MAX_HOPS) {
                throw RetiredModel.error(current.model(), now, current.retired().values());
            }
            current = resolve.apply(replacement);
        }
        return new Chosen(current, current == named ? null : named.model().id());
    }
}
