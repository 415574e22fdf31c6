package io.mediagate.routing.generation.image;

import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.media.MaskAlpha;
import io.mediagate.routing.fetch.CallerFiles;
import io.mediagate.routing.media.MediaClient;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.signing.ImageSigning;
import io.mediagate.routing.sources.SourceItems;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The source images of an edit or variation. Each is a media id (the gateway kept a synchronous call's files as the
 * caller's items; a batch line may name one of the caller's items) read back from media-service under the caller's
 * visibility rules, or, from a batch line, a URL ({@link CallerFiles}: this service's own file, or fetched with the SSRF
 * checks) which is then kept as the caller's private item {@code med_<job>s<i>} ({@code m} for the mask), so that every
 * result names its sources by id, as a synchronous edit's does. A mask must be a PNG with transparency, of the first
 * image's size.
 */
@ApplicationScoped
class EditSources {
    private static final long MAX_IMAGE = 20L * 1024 * 1024;
    private final MediaClient media;
    private final CallerFiles files;
    private final SourceItems items;

    EditSources(MediaClient media, CallerFiles files, SourceItems items) {
        this.media = media;
        this.files = files;
        this.items = items;
    }

    /** The images and mask, and the media ids they are kept under: the images' in order, then the mask's. */
    record Loaded(List<SourceImage> images, SourceImage mask, List<String> ids) {}

    Loaded load(GenerationRequest request) {
        ImageSources sources = request.sources();
        List<SourceImage> images = new ArrayList<>(sources.images().size());
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < sources.images().size(); i++) {
            images.add(load(request, sources.images().get(i), "s" + i, sources.imageParam(i), ids));
        }
        SourceImage mask = sources.mask() == null ? null : load(request, sources.mask(), "m", "mask", ids);
        if (mask != null) {
            MaskAlpha.check(mask.mime(), mask.bytes(), mask.width(), mask.height(), images.getFirst().width(), images.getFirst().height());
        }
        return new Loaded(images, mask, List.copyOf(ids));
    }

    /** The loaded sources as Content Credentials name them: by media id, the images in order, then the mask. */
    static List<ImageSigning.Source> named(Loaded loaded) {
        List<ImageSigning.Source> named = new ArrayList<>();
        for (int i = 0; i < loaded.images().size(); i++) {
            SourceImage image = loaded.images().get(i);
            named.add(new ImageSigning.Source(loaded.ids().get(i), image.bytes(), image.mime()));
        }
        if (loaded.mask() != null) {
            named.add(new ImageSigning.Source(loaded.ids().getLast(), loaded.mask().bytes(), loaded.mask().mime()));
        }
        return named;
    }

    private static boolean isId(String ref) {
        return ref.startsWith("med_");
    }

    private SourceImage load(GenerationRequest request, String ref, String suffix, String param, List<String> ids) {
        if (isId(ref)) { // a kept upload's, or an item a batch line names
            ids.add(ref);
            return SourceItems.picture(media.read(ref, request.userId(), request.tier()), param.equals("mask") ? "mask" : "image");
        }
        String urlParam = param.startsWith("images[") || param.equals("mask") ? param + ".image_url" : param; // a reference is a bare URL
        String own = files.ownId(ref);
        if (own != null) {
            ids.add(own);
            return SourceItems.picture(media.read(own, request.userId(), request.tier()), urlParam);
        }
        Path scratch = null;
        try {
            scratch = Files.createTempFile("edit-source", null);
            byte[] bytes = Files.readAllBytes(files.bring(request, ref, null, urlParam, "image", MAX_IMAGE, scratch));
            SourceImage image = SourceItems.picture(bytes, urlParam);
            String id = SourceItems.id(request.jobId(), suffix);
            items.keepPicture(request, id, image, suffix.equals("m") ? "mask" : "source");
            ids.add(id);
            return image;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (scratch != null) {
                scratch.toFile().delete();
            }
        }
    }
}
