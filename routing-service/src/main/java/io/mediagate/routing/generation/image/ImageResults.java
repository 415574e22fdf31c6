package io.mediagate.routing.generation.image;

import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MadeBy;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.common.tier.Tier;
import io.mediagate.common.values.Shape;
import io.mediagate.routing.generation.Plan;
import io.mediagate.routing.media.MediaClient;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.ranking.Candidate;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps generated images through the one registration media-service has for every item
 * ({@link RegisterMedia}), each image's bytes sent with it: one request per image and one write to the
 * store. (Videos, large and already staged for the pipeline, register by staging key.) Files never travel
 * inside JSON. Media ids derive from the job id, so a job run twice registers nothing twice, and a
 * registration is simply sent again while media-service is unreachable (restarting, say; {@link MediaClient}
 * waits out its outages): the image is already paid for upstream.
 */
@ApplicationScoped
class ImageResults {
    private final MediaClient media;

    ImageResults(MediaClient media) {
        this.media = media;
    }

    /**
     * Registers each image, made by {@code served} and charged {@code each}, from {@code sources} (the media ids of an edit's
     * or variation's images, then its mask; null for a generation).
     */
    List<MediaItem> keep(GenerationRequest request, List<String> sources, Plan plan, Candidate served, List<GeneratedImage> images, BigDecimal each) {
        int retention = Tier.orFree(request.tier()).limits().retentionDays();
        List<MediaItem> items = new ArrayList<>(images.size());
        for (int i = 0; i < images.size(); i++) {
            GeneratedImage image = images.get(i);
            String name = "image_" + i + "." + ContentSniffer.extension(image.mime());
            var dimensions = ContentSniffer.dimensions(image.bytes());
            Integer width = dimensions.map(ContentSniffer.Dimensions::width).orElse(null);
            Integer height = dimensions.map(ContentSniffer.Dimensions::height).orElse(null);
            // the delivered file's size, measured (a vector image without one keeps the size asked)
            String size = width != null && height != null ? width + "x" + height : plan.size().label();
            VideoWork.StagedFile file = new VideoWork.StagedFile(null, name, "original", ContentSniffer.extension(image.mime()),
                    null, size, width == null ? 0 : width, height == null ? 0 : height, image.mime(), image.bytes().length);
            RegisterMedia command = RegisterMedia.image(
                    new RegisterMedia.Keeping("med_" + request.jobId().substring(4) + "x" + i, request.userId(), request.isPublic(), retention),
                    new MadeBy(plan.model().id(), plan.modelSlug(), served.providerId(), served.provider().name(),
                            request.prompt(), image.revisedPrompt(), each),
                    new Shape(size, null, width, height), file, sources);
            items.add(media.register(command, image.bytes()).forGeneration());
        }
        return items;
    }
}
