package io.mediagate.routing.providers;

import io.mediagate.routing.providers.local.LocalImageGenerator;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;

/** Which code talks to a provider, by the catalog's {@code adapter} name. Wired explicitly. */
@ApplicationScoped
public class Adapters {
    private final Map<String, ImageGenerator> imageGenerators;

    Adapters(LocalImageGenerator local) {
        this.imageGenerators = Map.of("local", local);
    }

    public Optional<ImageGenerator> images(String adapter) {
        return Optional.ofNullable(imageGenerators.get(adapter));
    }
}
