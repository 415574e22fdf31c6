package io.mediagate.pipeline.storage;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.media.MediaApi;
import io.mediagate.common.media.MediaApiClient;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.pipeline.worker.Step;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Keeps a finished video at media-service ({@link MediaApi}), its files waiting in the staging bucket. */
@ApplicationScoped
public class MediaRegistry {
    private final MediaApi media;

    MediaRegistry(InternalHttp http, @ConfigProperty(name = "mediagate.media.url") String base) {
        this.media = new MediaApiClient(http, base, CallAs.service("video-pipeline-service"));
    }

    /**
     * Registers the video. media-service unreachable, dropping the connection, timing out or unavailable is an
     * outage (the {@code service_unavailable} {@link ApiException}, which the worker waits out); its refusal (4xx)
     * is {@link Step.Permanent}; another failure is an IOException (tried again a few times).
     */
    public MediaItem register(RegisterMedia command) throws IOException {
        try {
            return InternalHttp.await(media.register(command));
        } catch (ApiException e) {
            if (e.code() == ErrorCode.SERVICE_UNAVAILABLE) {
                throw e;
            }
            if (e.code().status() / 100 == 4) {
                throw new Step.Permanent("media-service refused the video: " + e.getMessage());
            }
            throw new IOException("media-service failed to keep the video: " + e.getMessage(), e);
        }
    }
}
