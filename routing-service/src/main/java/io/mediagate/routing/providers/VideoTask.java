package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a video provider is asked to make, resolved against the chosen offer. {@code image} (image to
 * video, its first frame), {@code sourceVideo} (a variation, or a utility's source) and {@code lastFrame} (the picture it
 * ends on) are local copies already fetched safely, or null, and so are {@code references} (pictures of a subject or
 * style the video keeps to; empty when none); {@code operation} a utility's on the source video ({@code upscale},
 * {@code extend}), null for a generation.
 * {@code workDir} is the job's scratch directory, where the adapter writes its result; {@code control}
 * tells a waiting adapter about cancellation and takes progress.
 */
public record VideoTask(String upstreamModel, Map<String, String> options, String version, String prompt,
                        int width, int height, double durationSeconds, Path image, Path sourceVideo,
                        Map<String, Object> params, Path workDir, TaskControl control, Path lastFrame, String operation,
                        List<Path> references) {
    public VideoTask {
        references = references == null ? List.of() : List.copyOf(references);
    }

    /** A task from no reference pictures. */
    public VideoTask(String upstreamModel, Map<String, String> options, String version, String prompt, int width, int height,
                     double durationSeconds, Path image, Path sourceVideo, Map<String, Object> params, Path workDir, TaskControl control,
                     Path lastFrame, String operation) {
        this(upstreamModel, options, version, prompt, width, height, durationSeconds, image, sourceVideo, params, workDir, control,
                lastFrame, operation, List.of());
    }

    /** A task that ends on no picture of the caller's. */
    public VideoTask(String upstreamModel, Map<String, String> options, String version, String prompt, int width, int height,
                     double durationSeconds, Path image, Path sourceVideo, Map<String, Object> params, Path workDir, TaskControl control) {
        this(upstreamModel, options, version, prompt, width, height, durationSeconds, image, sourceVideo, params, workDir, control, null, null);
    }

    /** A generation (no utility operation) that may end on {@code lastFrame}. */
    public VideoTask(String upstreamModel, Map<String, String> options, String version, String prompt, int width, int height,
                     double durationSeconds, Path image, Path sourceVideo, Map<String, Object> params, Path workDir, TaskControl control,
                     Path lastFrame) {
        this(upstreamModel, options, version, prompt, width, height, durationSeconds, image, sourceVideo, params, workDir, control,
                lastFrame, null);
    }

    /** This task asking for a clip of {@code seconds}. */
    public VideoTask lasting(double seconds) {
        return new VideoTask(upstreamModel, options, version, prompt, width, height, seconds, image, sourceVideo, params, workDir, control,
                lastFrame, operation, references);
    }

    /** This task in a {@code width x height} frame. */
    public VideoTask framed(int width, int height) {
        return new VideoTask(upstreamModel, options, version, prompt, width, height, durationSeconds, image, sourceVideo, params, workDir,
                control, lastFrame, operation, references);
    }

    /** This task keeping to the pictures {@code pictures}. */
    public VideoTask withReferences(List<Path> pictures) {
        return new VideoTask(upstreamModel, options, version, prompt, width, height, durationSeconds, image, sourceVideo, params, workDir,
                control, lastFrame, operation, pictures);
    }

    public String option(String name, String fallback) {
        return options == null ? fallback : options.getOrDefault(name, fallback);
    }

    /**
     * For providers that start only from text or a first frame. Routing sends a source video only to offers that
     * list {@code inputs: [video]}, so one arriving here is a catalog that lists it for such a provider.
     */
    public void requireNoSourceVideo(ProviderSpec provider) {
        if (sourceVideo != null) {
            throw ProviderException.failed(provider.id() + " takes no source video; its offers must not list inputs: [video]");
        }
    }
}
