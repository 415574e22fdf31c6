package io.mediagate.common.events;

import io.mediagate.common.tier.Tier;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A validated generation request on {@code generation.requests}, from the gateway to routing.
 * {@code jobId} is the idempotency key: a redelivered request never runs twice. {@code videoUrl} or
 * {@code videoId} name the source of a video variation; {@code webhookUrl} is told when the job ends.
 * {@code sources} (null for a plain generation) names the images of an image edit or variation.
 * {@code keyId} is the API key it came with (null for the administrator key), for spend per key.
 * {@code imageOptions} holds an image request's GPT image output parameters (null for a video).
 * {@code webhookEvents} names the kinds of job events delivered to {@code webhookUrl} (wire names of
 * {@code JobEvent.Kind}); null for the default, the job's completion or failure. {@code modelUpgrades} says what becomes
 * of a request naming a retired model ({@code model_upgrades}, the request's or else its account's): {@code replacement}
 * is served by the model the catalog names in its place; {@code none} or null (a gateway one version behind) is refused
 * with 410 {@code model_retired}.
 */
public record GenerationRequest(
        String jobId,
        String requestId,
        String userId,
        Tier tier,
        MediaKind kind,
        String model,
        String provider,
        String routing,
        String prompt,
        String size,
        int n,
        Double duration,
        String imageUrl,
        String videoUrl,
        String videoId,
        String webhookUrl,
        boolean isPublic,
        String responseFormat,
        Map<String, Object> extras,
        Instant acceptedAt,
        ImageSources sources,
        String keyId,
        ImageOptions imageOptions,
        List<String> webhookEvents,
        String modelUpgrades) {

    /** A request that takes no replacement for a retired model. */
    public GenerationRequest(String jobId, String requestId, String userId, Tier tier, MediaKind kind, String model, String provider,
                             String routing, String prompt, String size, int n, Double duration, String imageUrl, String videoUrl,
                             String videoId, String webhookUrl, boolean isPublic, String responseFormat, Map<String, Object> extras,
                             Instant acceptedAt, ImageSources sources, String keyId, ImageOptions imageOptions, List<String> webhookEvents) {
        this(jobId, requestId, userId, tier, kind, model, provider, routing, prompt, size, n, duration, imageUrl, videoUrl, videoId,
                webhookUrl, isPublic, responseFormat, extras, acceptedAt, sources, keyId, imageOptions, webhookEvents, null);
    }

    /** A request whose webhook, if any, is told only of the job's completion or failure. */
    public GenerationRequest(String jobId, String requestId, String userId, Tier tier, MediaKind kind, String model, String provider,
                             String routing, String prompt, String size, int n, Double duration, String imageUrl, String videoUrl,
                             String videoId, String webhookUrl, boolean isPublic, String responseFormat, Map<String, Object> extras,
                             Instant acceptedAt, ImageSources sources, String keyId, ImageOptions imageOptions) {
        this(jobId, requestId, userId, tier, kind, model, provider, routing, prompt, size, n, duration, imageUrl, videoUrl, videoId,
                webhookUrl, isPublic, responseFormat, extras, acceptedAt, sources, keyId, imageOptions, null, null);
    }

    /** What every job has: its ids, whose it is (account, tier, key) and when it was accepted. */
    public record Origin(String jobId, String requestId, String userId, Tier tier, String keyId, Instant acceptedAt) {}

    /** What every request asks, image or video: the model, where to route it, the prompt, the size, visibility, the model's extras. */
    public record Ask(String model, String provider, String routing, String prompt, String size, boolean isPublic,
                      Map<String, Object> extras) {}

    /**
     * An image generation, or with {@code sources} an edit or a variation: {@code n} images in {@code responseFormat}, made as
     * {@code options} ask.
     */
    public static GenerationRequest image(Origin origin, Ask ask, int n, String responseFormat, ImageSources sources,
                                          ImageOptions options) {
        return new GenerationRequest(origin.jobId(), origin.requestId(), origin.userId(), origin.tier(), MediaKind.IMAGE, ask.model(),
                ask.provider(), ask.routing(), ask.prompt(), ask.size(), n, null, null, null, null, null, ask.isPublic(), responseFormat,
                ask.extras(), origin.acceptedAt(), sources, origin.keyId(), options, null, null);
    }

    /** Where a job's events are delivered: the {@code url}, and the kinds asked for ({@code events}; null: the default). */
    public record Webhook(String url, List<String> events) {
        public static final Webhook NONE = new Webhook(null, null);
    }

    /**
     * A video: its {@code duration}, at most one input (a reference image by URL or as a {@code reference} file, or a source
     * video by URL or id), and the {@code webhook} told of its events.
     */
    public static GenerationRequest video(Origin origin, Ask ask, Double duration, String imageUrl, String videoUrl, String videoId,
                                          Webhook webhook, ImageSources reference) {
        return new GenerationRequest(origin.jobId(), origin.requestId(), origin.userId(), origin.tier(), MediaKind.VIDEO, ask.model(),
                ask.provider(), ask.routing(), ask.prompt(), ask.size(), 1, duration, imageUrl, videoUrl, videoId, webhook.url(),
                ask.isPublic(), "url", ask.extras(), origin.acceptedAt(), reference, origin.keyId(), null, webhook.events(), null);
    }

    /** This request with {@code modelUpgrades} ({@code replacement}, {@code none} or null). */
    public GenerationRequest withModelUpgrades(String upgrades) {
        return new GenerationRequest(jobId, requestId, userId, tier, kind, model, provider, routing, prompt, size, n, duration, imageUrl,
                videoUrl, videoId, webhookUrl, isPublic, responseFormat, extras, acceptedAt, sources, keyId, imageOptions, webhookEvents,
                upgrades);
    }

    /** Whether a retired model named here is to be served by its replacement. */
    public boolean upgradesToReplacement() {
        return io.mediagate.common.catalog.RetiredModel.REPLACEMENT.equals(modelUpgrades);
    }

    /** The image options, {@link ImageOptions#NONE} when none were set (or for a video). */
    public ImageOptions options() {
        return imageOptions == null ? ImageOptions.NONE : imageOptions;
    }
}
