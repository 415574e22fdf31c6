package io.mediagate.gateway.generation;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The model a utility request names none of is made by: each operation's default, set by {@code mediagate.utilities.<operation>.model}
 * (the local models by default), the same for the request and for its quote.
 */
@ApplicationScoped
public class UtilityModels {
    private final Map<String, String> defaults;

    public UtilityModels(@ConfigProperty(name = "mediagate.utilities.upscale.model", defaultValue = "local/upscale") String upscaler,
                  @ConfigProperty(name = "mediagate.utilities.remove-background.model", defaultValue = "local/cutout") String cutter,
                  @ConfigProperty(name = "mediagate.utilities.video-upscale.model", defaultValue = "local/video-upscale") String videoUpscaler,
                  @ConfigProperty(name = "mediagate.utilities.video-extend.model", defaultValue = "local/extend") String extender) {
        this.defaults = Map.of("/v1/images/upscale", upscaler, "/v1/images/remove-background", cutter, "/v1/videos/upscale", videoUpscaler,
                "/v1/videos/extend", extender);
    }

    /** The default model of the utility endpoint {@code path} ({@code /v1/images/upscale}, ...). */
    public String of(String path) {
        String model = defaults.get(path);
        if (model == null) {
            throw new IllegalArgumentException("no utility at " + path);
        }
        return model;
    }
}
