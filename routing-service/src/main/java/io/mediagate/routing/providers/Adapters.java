package io.mediagate.routing.providers;

import io.mediagate.routing.providers.fake.FakeImageGenerator;
import io.mediagate.routing.providers.fake.FakeVideoGenerator;
import io.mediagate.routing.providers.local.LocalImageGenerator;
import io.mediagate.routing.providers.local.LocalVideoGenerator;
import io.mediagate.routing.providers.openai.OpenAiImageGenerator;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;

/** Which code talks to a provider, by the catalog's {@code adapter} name. Wired explicitly. */
@ApplicationScoped
public class Adapters {
    private final Map<String, ImageGenerator> imageGenerators;
    private final Map<String, VideoGenerator> videoGenerators;

    Adapters(LocalImageGenerator local, FakeImageGenerator fake, OpenAiImageGenerator openAi,
             LocalVideoGenerator localVideo, FakeVideoGenerator fakeVideo) {
        this.imageGenerators = Map.of("local", local, "fake", fake, "openai-compatible", openAi);
        this.videoGenerators = Map.of("local", localVideo, "fake", fakeVideo);
    }

    public Optional<VideoGenerator> videos(String adapter) {
        return Optional.ofNullable(videoGenerators.get(adapter));
    }

    public Optional<ImageGenerator> images(String adapter) {
        return Optional.ofNullable(imageGenerators.get(adapter));
    }
}
