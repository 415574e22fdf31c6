package io.mediagate.routing.providers;

import io.mediagate.routing.providers.a1111.A1111ImageGenerator;
import io.mediagate.routing.providers.bfl.BflImageGenerator;
import io.mediagate.routing.providers.comfyui.ComfyUiImageGenerator;
import io.mediagate.routing.providers.fake.FakeImageGenerator;
import io.mediagate.routing.providers.fal.FalGenerator;
import io.mediagate.routing.providers.fake.FakeVideoGenerator;
import io.mediagate.routing.providers.local.LocalImageGenerator;
import io.mediagate.routing.providers.local.LocalVideoGenerator;
import io.mediagate.routing.providers.openai.OpenAiImageGenerator;
import io.mediagate.routing.providers.replicate.ReplicateGenerator;
import io.mediagate.routing.providers.stability.StabilityImageGenerator;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;

/** Which code talks to a provider, by the catalog's {@code adapter} name. Wired explicitly. */
@ApplicationScoped
public class Adapters {
    private final Map<String, ImageGenerator> imageGenerators;
    private final Map<String, VideoGenerator> videoGenerators;

    Adapters(LocalImageGenerator local, FakeImageGenerator fake, OpenAiImageGenerator openAi,
             LocalVideoGenerator localVideo, FakeVideoGenerator fakeVideo, Upstream upstream) {
        ReplicateGenerator replicate = new ReplicateGenerator(upstream);
        FalGenerator fal = new FalGenerator(upstream);
        this.imageGenerators = Map.of("local", local, "fake", fake, "openai-compatible", openAi,
                "bfl", new BflImageGenerator(upstream), "replicate", replicate, "fal", fal,
                "stability", new StabilityImageGenerator(upstream), "a1111", new A1111ImageGenerator(upstream),
                "comfyui", new ComfyUiImageGenerator(upstream));
        this.videoGenerators = Map.of("local", localVideo, "fake", fakeVideo, "replicate", replicate, "fal", fal);
    }

    public Optional<VideoGenerator> videos(String adapter) {
        return Optional.ofNullable(videoGenerators.get(adapter));
    }

    public Optional<ImageGenerator> images(String adapter) {
        return Optional.ofNullable(imageGenerators.get(adapter));
    }
}
