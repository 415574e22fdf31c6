package io.mediagate.routing.providers.fake;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.local.LocalVideoGenerator;
import jakarta.enterprise.context.ApplicationScoped;

/** The {@code fake} provider family's videos: {@link FakeBehaviour}, then a real clip from the local renderer. */
@ApplicationScoped
public class FakeVideoGenerator implements VideoGenerator {
    private final LocalVideoGenerator renderer;

    FakeVideoGenerator(LocalVideoGenerator renderer) {
        this.renderer = renderer;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        FakeBehaviour.apply(provider, task.upstreamModel(), task.options());
        return renderer.generate(provider, task);
    }
}
