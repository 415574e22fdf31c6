package io.mediagate.routing.providers.fake;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.values.Size;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.local.LocalVideoGenerator;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The {@code fake} provider family's videos: {@link FakeBehaviour}, then a real clip from the local renderer. An offer
 * with clip lengths ({@code durations}) gets a clip of the length a real provider of such lengths would make; one with a
 * {@code deliveredFrame} a clip of that frame, whatever was asked.
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
        VideoTask made = delivered(task);
        return renderer.generate(provider, clips == null ? made : made.lasting(Shapes.duration(task.durationSeconds(), clips)));
    }

    /**
     * The task at the offer's {@code deliveredFrame} option ({@code WxH}) when it has one: a provider that makes another shape
     * than asked, as an image-to-video endpoint whose video has the image's shape does.
     */
    private static VideoTask delivered(VideoTask task) {
        return Size.parse(task.option("deliveredFrame", null)).filter(size -> size.video().isEmpty())
                .map(size -> task.framed(size.width(), size.height()))
                .orElse(task);
    }

    /** Any ratio: rendered at any frame, as the local provider's. */
    @Override
    public boolean makes(String aspectRatio) {
        return true;
    }

    /** As the local provider's. */
    @Override
    public boolean takesLastFrame() {
        return true;
    }
}
