package io.mediagate.routing.providers;

import java.util.Map;

/**
 * What an image provider is asked to make, resolved against the chosen offer: the provider's own name
 * for the model, the offer's adapter options and only the features the offer supports. {@code control}
 * tells a waiting adapter about cancellation and takes progress.
 */
public record ImageTask(String upstreamModel, Map<String, String> options, String version, String prompt,
                        int width, int height, int n, Map<String, Object> params, TaskControl control) {

    /** This task at {@code width x height}. */
    public ImageTask sized(int width, int height) {
        return new ImageTask(upstreamModel, options, version, prompt, width, height, n, params, control);
    }

    public String option(String name, String fallback) {
        return options == null ? fallback : options.getOrDefault(name, fallback);
    }
}
