package io.mediagate.gateway.images;

import io.mediagate.common.events.ImageSources;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.common.media.MediaApi;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.common.values.Shape;
import io.mediagate.gateway.auth.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps the files of an edit or variation (or a video's reference image) as the caller's private media items
 * before the job is handed on, through media-service's one registration ({@link RegisterMedia}, the file
 * streamed after it): the job then names its sources by id, survives any restart, and its result can say
 * what it was made from. Ids derive from the job id ({@link #planned}), so the request can name them before
 * they are kept and a repeated registration keeps nothing twice.
 */
@ApplicationScoped
public class SourceStore {
    private final MediaApi media;

    SourceStore(MediaApi media) {
        this.media = media;
    }

    /** The ids the form's files will have: {@code med_<job>s<i>} for the images, {@code med_<job>m} for the mask. */
    public static ImageSources planned(String jobId, String operation, ImageForm form) {
        List<String> images = new ArrayList<>(form.images().size());
        for (int i = 0; i < form.images().size(); i++) {
            images.add(id(jobId, "s" + i));
        }
        return new ImageSources(operation, images, form.mask() == null ? null : id(jobId, "m"));
    }

    /** The id of a video's reference image. */
    public static String referenceId(String jobId) {
        return id(jobId, "r");
    }

    private static String id(String jobId, String suffix) {
        return "med_" + jobId.substring(4) + suffix;
    }

    /** Keeps the form's files under the {@code planned} ids, one after the other. */
    public Uni<Void> keep(Caller caller, ImageSources planned, ImageForm form) {
        Uni<Void> kept = Uni.createFrom().voidItem();
        for (int i = 0; i < form.images().size(); i++) {
            String id = planned.images().get(i);
            UploadedImage image = form.images().get(i);
            kept = kept.flatMap(done -> keep(caller, id, image));
        }
        return form.mask() == null ? kept : kept.flatMap(done -> keep(caller, planned.mask(), form.mask()));
    }

    /** Keeps one file as the caller's private item {@code id}. */
    public Uni<Void> keep(Caller caller, String id, UploadedImage image) {
        String extension = ContentSniffer.extension(image.mime());
        String name = image.field().equals("mask") ? "mask." + extension : "source." + extension;
        String size = image.width() + "x" + image.height();
        RegisterMedia command = RegisterMedia.upload(new RegisterMedia.Keeping(id, caller.accountId(), false,
                        caller.limits().retentionDays()), new Shape(size, null, image.width(), image.height()),
                new VideoWork.StagedFile(null, name, "original", extension, null, size, image.width(), image.height(), image.mime(),
                        image.bytes()));
        return Uni.createFrom().completionStage(() -> image.keep(media, command)).replaceWithVoid();
    }
}
