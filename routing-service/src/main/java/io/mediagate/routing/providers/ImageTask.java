package io.mediagate.routing.providers;

import java.util.Map;

/** What an image provider is asked to make: already validated and resolved against the catalog. */
public record ImageTask(String upstreamModel, String version, String prompt, int width, int height, int n,
                        Map<String, Object> params) {
}
