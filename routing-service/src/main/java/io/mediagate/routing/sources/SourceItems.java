package io.mediagate.routing.sources;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.common.tier.Tier;
import io.mediagate.common.values.Shape;
import io.mediagate.routing.media.MediaClient;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

/**
 * Keeps a file a request named by URL (fetched under the SSRF rules) as the caller's private item, so that what is made from
 * it names its sources by id, as an edit of an upload does: a picture sent with its registration, a video through the
 * staging bucket. Kept again under the same id (a redelivered job), nothing doubles.
 */
@ApplicationScoped
public class SourceItems {
    private final MediaClient media;
    private final Instance<StagingBucket> staging;

    SourceItems(MediaClient media, Instance<StagingBucket> staging) {
        this.media = media;
        this.staging = staging;
    }

    /** The id job {@code jobId}'s source {@code suffix} is kept under: {@code med_<job><suffix>}. */
    public static String id(String jobId, String suffix) {
        return "med_" + jobId.substring(4) + suffix;
    }

    /** The widest or tallest picture taken as a source: a small file may declare a huge frame, which decoding would allocate. */
    public static final int MAX_SIDE = 8192;

    /**
     * {@code bytes} as a source picture: a PNG, JPEG, WebP or GIF (read from the bytes) of at most {@link #MAX_SIDE} a side, else
     * a refusal naming {@code param}.
     */
    public static SourceImage picture(byte[] bytes, String param) {
        String mime = ContentSniffer.mime(bytes).filter(m -> m.startsWith("image/") && !m.equals("image/svg+xml")).orElseThrow(() ->
                new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, param + " must be a PNG, JPEG, WebP or GIF image", param));
        ContentSniffer.Dimensions size = ContentSniffer.dimensions(bytes).orElseThrow(() ->
                new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, param + " is not a readable image", param));
        if (size.width() > MAX_SIDE || size.height() > MAX_SIDE) {
            throw ApiException.invalid(param, param + " is " + size.width() + "x" + size.height() + "; at most " + MAX_SIDE + " a side is taken");
        }
        return new SourceImage(bytes, mime, size.width(), size.height());
    }

    /** {@code image} kept as item {@code id}, its file named {@code name} (and the picture's extension). */
    public void keepPicture(GenerationRequest request, String id, SourceImage image, String name) {
        String extension = ContentSniffer.extension(image.mime());
        String size = image.width() + "x" + image.height();
        RegisterMedia command = RegisterMedia.upload(keeping(request, id), new Shape(size, null, image.width(), image.height()),
                new VideoWork.StagedFile(null, name + "." + extension, "original", extension, null, size, image.width(), image.height(),
                        image.mime(), image.bytes().length));
        media.register(command, image.bytes());
    }

    /**
     * A video already in the staging bucket at {@code key} ({@code mime}, {@code bytes} long, {@code width x height},
     * {@code seconds} long) kept as item {@code id}.
     */
    public void keepVideo(GenerationRequest request, String id, String key, String mime, long bytes, int width, int height, double seconds) {
        String extension = ContentSniffer.extension(mime);
        String size = width + "x" + height;
        RegisterMedia command = RegisterMedia.sourceVideo(keeping(request, id), new Shape(size, seconds > 0 ? seconds : null, width, height),
                staging.get().bucket(), new VideoWork.StagedFile(key, "source." + extension, "original", extension, null, size, width, height,
                        mime, bytes));
        media.register(command);
    }

    private static RegisterMedia.Keeping keeping(GenerationRequest request, String id) {
        return new RegisterMedia.Keeping(id, request.userId(), false, Tier.orFree(request.tier()).limits().retentionDays());
    }
}
