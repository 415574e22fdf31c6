package io.mediagate.pipeline.storage;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.media.MediaApi;
import io.mediagate.common.media.MediaApiClient;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.pipeline.worker.Step;
import io.mediagate.pipeline.worker.Unfinished;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Keeps a video at media-service ({@link MediaApi}), its files waiting in the staging bucket: in parts as they land (the
 * main rendition first, so it plays while the rest is made), then whole.
 */
@ApplicationScoped
public class MediaRegistry implements Unfinished {
    private static final Logger LOG = Logger.getLogger(MediaRegistry.class);
    private final MediaApi media;

    MediaRegistry(InternalClients clients, InternalHttp http, @ConfigProperty(name = "mediagate.media.url") String base) {
        this.media = new MediaApiClient(clients, http, base, CallAs.service("video-pipeline-service"));
    }

    /** The registration of job {@code work}'s video with {@code files}, its main file the MP4 at the requested size. */
    public static RegisterMedia video(VideoWork work, String stagingBucket, List<VideoWork.StagedFile> files) {
        return RegisterMedia.video(new RegisterMedia.Keeping(work.mediaId(), work.userId(), work.isPublic(), work.retentionDays()),
                work.made(), work.shape(),
                stagingBucket, work.size() + ".mp4", files, work.sourceIds());
    }

    /**
     * Keeps {@code command}'s files as a part of the video ({@link RegisterMedia#asPart()}), answering the item so far; empty
     * when that could not be done now. Best effort: the whole video's registration keeps whatever a part did not.
     */
    public Optional<MediaItem> keepPart(RegisterMedia command) {
        try {
            return Optional.of(InternalHttp.await(media.register(command.asPart())));
        } catch (RuntimeException e) {
            LOG.warnf("media %s: files not kept ahead of the rest (%s); they will be with the whole video", command.id(), e.toString());
            return Optional.empty();
        }
    }

    /** Drops the video kept in parts of a job that failed or was cancelled; best effort (media-service sweeps what is left). */
    @Override
    public void discard(String mediaId) {
        try {
            InternalHttp.await(media.discard(mediaId));
        } catch (RuntimeException e) {
            LOG.warnf("media %s: its unfinished parts were not dropped (%s)", mediaId, e.toString());
        }
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
