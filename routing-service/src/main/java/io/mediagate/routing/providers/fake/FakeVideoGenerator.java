package io.mediagate.routing.providers.fake;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.local.LocalVideoGenerator;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The {@code fake} provider family's videos: {@link FakeBehaviour}, then a real clip from the local renderer. An offer
 * with clip lengths ({@code durations}) gets a clip of the length a real provider of such lengths would make.
 */
@ApplicationScoped
public class FakeVideoGenerator implements VideoGenerator {
    private final LocalVideoGenerator renderer;

    FakeVideoGenerator(LocalVideoGenerator renderer) {
        this.renderer = renderer;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        FakeBehaviour.apply(provider, task.upstreamModel(), task.options());
        String clips = task.option("durations", null);
        return renderer.generate(provider, clips == null ? task : task.lasting(Shapes.duration(task.durationSeconds(), clips)));
    }
}
