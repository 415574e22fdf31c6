package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The capability of doing utility operations on a picture ({@code ImageSources.UTILITIES}: an upscale to the task's size,
 * a background removal onto transparency), for the catalog's utility models ({@code operation}). Adapters whose provider
 * does none do not implement it, and routing sends no such operation their way.
 */
public interface ImageUtilities {
    /** The operations this adapter does. */
    Set<String> operations();

    /**
     * {@code operation} done to {@code source} by the task's model: an upscale makes the task's {@code width x height}; a
     * background removal keeps the source's size. One picture, or {@link ProviderException}.
     */
    List<GeneratedImage> apply(ProviderSpec provider, String operation, ImageTask task, SourceImage source);

    /**
     * That {@code tool} (an offer's upstream model) is one of the provider's endpoints for {@code operation} ({@code tools}: each
     * operation's endpoints), else the attempt fails: the catalog pairs a utility model with an endpoint doing something else.
     */
    static void requireTool(ProviderSpec provider, String operation, String tool, Map<String, Set<String>> tools) {
        if (!tools.getOrDefault(operation, Set.of()).contains(tool)) {
            throw ProviderException.failed(provider.id() + "'s " + tool + " does no " + operation + "; the catalog pairs them wrongly");
        }
    }
}
