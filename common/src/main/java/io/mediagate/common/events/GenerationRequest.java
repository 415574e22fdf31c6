package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.mediagate.common.tier.Tier;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.MediaKind;
import io.mediagate.common.values.Size;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A validated generation request on {@code generation.requests}, from the gateway to routing, made of its parts: where it
 * came from ({@link Origin}), what it asks whatever its kind ({@link Ask}), an image's output ({@code n},
 * {@code responseFormat}, {@code imageOptions}: the GPT image output parameters, null for a video), a video's
 * {@code duration}, its inputs ({@link Inputs}), where its events go ({@link Webhook}) and {@code modelUpgrades}: what
 * becomes of a request naming a retired model ({@code model_upgrades}, the request's or else its account's):
 * {@code replacement} is served by the model the catalog names in its place; {@code none} or null (a gateway one version
 * behind) is refused with 410 {@code model_retired}.
 *
 * <p>On the wire it is one flat object, byte for byte the message it always was ({@code GoldenMessagesTest}): each field
 * is read off its part by the accessor of its old name ({@link #jobId()}, {@link #imageUrl()}, ...), and {@link #wire}
 * reads it back. {@code jobId} is the idempotency key: a redelivered request never runs twice.
 */
@JsonPropertyOrder({"jobId", "requestId", "userId", "tier", "kind", "model", "provider", "routing", "prompt", "size", "n", "duration",
        "imageUrl", "videoUrl", "videoId", "webhookUrl", "isPublic", "responseFormat", "extras", "acceptedAt", "sources", "keyId",
        "imageOptions", "webhookEvents", "modelUpgrades", "batchId", "aspectRatio", "resolution", "lastFrameUrl", "operation", "referenceImageUrls",
        "quoteId", "priceCap", "reuse"})
public record GenerationRequest(
        @JsonIgnore Origin origin,
        MediaKind kind,
        @JsonIgnore Ask ask,
        int n,
        String responseFormat,
        ImageOptions imageOptions,
        Double duration,
        @JsonIgnore Inputs inputs,
        @JsonIgnore Webhook webhook,
        String modelUpgrades) {

    /**
     * What every job has: its ids, whose it is (account, tier, key: null for the administrator key), when it was accepted,
     * and for a batch's line the batch ({@code batchId}, null for every other job).
     */
    public record Origin(String jobId, String requestId, String userId, Tier tier, String keyId, Instant acceptedAt, String batchId,
                         Quoted quoted) {
        public Origin(String jobId, String requestId, String userId, Tier tier, String keyId, Instant acceptedAt) {
            this(jobId, requestId, userId, tier, keyId, acceptedAt, null);
        }

        public Origin(String jobId, String requestId, String userId, Tier tier, String keyId, Instant acceptedAt, String batchId) {
            this(jobId, requestId, userId, tier, keyId, acceptedAt, batchId, null);
        }

        Origin inBatch(String batch) {
            return new Origin(jobId, requestId, userId, tier, keyId, acceptedAt, batch, quoted);
        }

        Origin quoted(Quoted quote) {
            return new Origin(jobId, requestId, userId, tier, keyId, acceptedAt, batchId, quote);
        }
    }

    /**
     * The quote a request was sent with ({@code quote_id}): its {@code id}, and {@code cap}, the price quoted for it, the most
     * it is charged (null until the gateway has read the quote: routing never sees a request without its cap).
     */
    public record Quoted(String id, BigDecimal cap) {}

    /**
     * What every request asks, image or video: the model, where to route it, the prompt, the size, visibility, the model's
     * extras, and its {@code framing}: its shape in words ({@code aspect_ratio}, {@code resolution}; null when it names neither);
     * {@code reuse}: a seeded image request that takes, instead of a new one, a stored result of the same account made from the same
     * model version, parameters, seed and input files (its own or its account's choice).
     */
    public record Ask(String model, String provider, String routing, String prompt, Size size, boolean isPublic,
                      Map<String, Object> extras, Framing framing, boolean reuse) {
        public Ask(String model, String provider, String routing, String prompt, Size size, boolean isPublic, Map<String, Object> extras) {
            this(model, provider, routing, prompt, size, isPublic, extras, null);
        }

        public Ask(String model, String provider, String routing, String prompt, Size size, boolean isPublic, Map<String, Object> extras,
                   Framing framing) {
            this(model, provider, routing, prompt, size, isPublic, extras, framing, false);
        }
    }

    /**
     * What the request starts from, each null when absent: a reference image by URL or the caller's media id ({@code imageUrl}),
     * the source video of a video variation ({@code videoUrl} or {@code videoId}), {@code sources}: the images of an image edit
     * or variation, or a video's reference image sent as a file; the picture a video ends on ({@code lastFrameUrl}, a URL
     * or a media id); a video utility's {@code operation} on its source video ({@code upscale}, {@code extend}; null for a
     * generation or variation); and a video's reference pictures ({@code referenceImageUrls}, URLs or media ids).
     */
    public record Inputs(String imageUrl, String videoUrl, String videoId, ImageSources sources, String lastFrameUrl, String operation,
                         List<String> referenceImageUrls) {
        public static final Inputs NONE = new Inputs(null, null, null, null);

        public Inputs {
            referenceImageUrls = referenceImageUrls == null || referenceImageUrls.isEmpty() ? null : List.copyOf(referenceImageUrls);
        }

        public Inputs(String imageUrl, String videoUrl, String videoId, ImageSources sources) {
            this(imageUrl, videoUrl, videoId, sources, null, null, null);
        }

        Inputs withLastFrame(String url) {
            return new Inputs(imageUrl, videoUrl, videoId, sources, url, operation, referenceImageUrls);
        }

        Inputs withOperation(String op) {
            return new Inputs(imageUrl, videoUrl, videoId, sources, lastFrameUrl, op, referenceImageUrls);
        }

        Inputs withReferences(List<String> urls) {
            return new Inputs(imageUrl, videoUrl, videoId, sources, lastFrameUrl, operation, urls);
        }
    }

    /**
     * Where a job's events are delivered: the {@code url}, and the kinds asked for ({@code events}: wire names of
     * {@code JobEvent.Kind}; null: the default, the job's completion or failure).
     */
    public record Webhook(String url, List<String> events) {
        public static final Webhook NONE = new Webhook(null, null);
    }

    public GenerationRequest {
        inputs = inputs == null ? Inputs.NONE : inputs;
        webhook = webhook == null ? Webhook.NONE : webhook;
    }

    /**
     * An image generation, or with {@code sources} an edit or a variation: {@code n} images in {@code responseFormat}, made as
     * {@code options} ask.
     */
    public static GenerationRequest image(Origin origin, Ask ask, int n, String responseFormat, ImageSources sources,
                                          ImageOptions options) {
        return new GenerationRequest(origin, MediaKind.IMAGE, ask, n, responseFormat, options, null,
                new Inputs(null, null, null, sources), Webhook.NONE, null);
    }

    /**
     * A video: its {@code duration}, at most one input (a reference image by URL or as a {@code reference} file, or a source
     * video by URL or id), and the {@code webhook} told of its events.
     */
    public static GenerationRequest video(Origin origin, Ask ask, Double duration, String imageUrl, String videoUrl, String videoId,
                                          Webhook webhook, ImageSources reference) {
        return new GenerationRequest(origin, MediaKind.VIDEO, ask, 1, "url", null, duration,
                new Inputs(imageUrl, videoUrl, videoId, reference), webhook, null);
    }

    /** The message as it is on the wire, one flat object: what Jackson reads a request from. */
    @JsonCreator
    static GenerationRequest wire(@JsonProperty("jobId") String jobId, @JsonProperty("requestId") String requestId,
                                  @JsonProperty("userId") String userId, @JsonProperty("tier") Tier tier,
                                  @JsonProperty("kind") MediaKind kind, @JsonProperty("model") String model,
                                  @JsonProperty("provider") String provider, @JsonProperty("routing") String routing,
                                  @JsonProperty("prompt") String prompt, @JsonProperty("size") Size size, @JsonProperty("n") int n,
                                  @JsonProperty("duration") Double duration, @JsonProperty("imageUrl") String imageUrl,
                                  @JsonProperty("videoUrl") String videoUrl, @JsonProperty("videoId") String videoId,
                                  @JsonProperty("webhookUrl") String webhookUrl, @JsonProperty("isPublic") boolean isPublic,
                                  @JsonProperty("responseFormat") String responseFormat,
                                  @JsonProperty("extras") Map<String, Object> extras, @JsonProperty("acceptedAt") Instant acceptedAt,
                                  @JsonProperty("sources") ImageSources sources, @JsonProperty("keyId") String keyId,
                                  @JsonProperty("imageOptions") ImageOptions imageOptions,
                                  @JsonProperty("webhookEvents") List<String> webhookEvents,
                                  @JsonProperty("modelUpgrades") String modelUpgrades, @JsonProperty("batchId") String batchId,
                                  @JsonProperty("aspectRatio") String aspectRatio, @JsonProperty("resolution") String resolution,
                                  @JsonProperty("lastFrameUrl") String lastFrameUrl, @JsonProperty("operation") String operation,
                                  @JsonProperty("referenceImageUrls") List<String> referenceImageUrls,
                                  @JsonProperty("quoteId") String quoteId, @JsonProperty("priceCap") BigDecimal priceCap,
                                  @JsonProperty("reuse") boolean reuse) {
        return new GenerationRequest(new Origin(jobId, requestId, userId, tier, keyId, acceptedAt, batchId,
                quoteId == null ? null : new Quoted(quoteId, priceCap)), kind,
                new Ask(model, provider, routing, prompt, size, isPublic, extras,
                        aspectRatio == null && resolution == null ? null : new Framing(aspectRatio, resolution), reuse), n, responseFormat, imageOptions, duration,
                new Inputs(imageUrl, videoUrl, videoId, sources, lastFrameUrl, operation, referenceImageUrls), new Webhook(webhookUrl, webhookEvents),
                modelUpgrades);
    }

    /** This video request ending on the picture at {@code lastFrameUrl} (a URL or the caller's media id). */
    public GenerationRequest withLastFrame(String lastFrameUrl) {
        return new GenerationRequest(origin, kind, ask, n, responseFormat, imageOptions, duration, inputs.withLastFrame(lastFrameUrl), webhook,
                modelUpgrades);
    }

    /** This video request keeping to the reference pictures {@code urls} (URLs or the caller's media ids; null or empty: none). */
    public GenerationRequest withReferences(List<String> urls) {
        return new GenerationRequest(origin, kind, ask, n, responseFormat, imageOptions, duration, inputs.withReferences(urls), webhook,
                modelUpgrades);
    }

    /** This video request as utility {@code operation} on its source video ({@code upscale}, {@code extend}). */
    public GenerationRequest withOperation(String operation) {
        return new GenerationRequest(origin, kind, ask, n, responseFormat, imageOptions, duration, inputs.withOperation(operation), webhook,
                modelUpgrades);
    }

    /** This request lasting {@code seconds} (a video upscale is as long as its source). */
    public GenerationRequest withDuration(double seconds) {
        return new GenerationRequest(origin, kind, ask, n, responseFormat, imageOptions, seconds, inputs, webhook, modelUpgrades);
    }

    /**
     * This request at {@code size} in the frame of {@code aspectRatio} (either null: as asked), at the resolution it asked (a video
     * utility keeps its source's shape, an extension its resolution).
     */
    public GenerationRequest withShape(Size size, String aspectRatio) {
        String ratio = aspectRatio != null ? aspectRatio : ask.framing() == null ? null : ask.framing().aspectRatio();
        String resolution = ask.framing() == null ? null : ask.framing().resolution();
        Ask framed = new Ask(ask.model(), ask.provider(), ask.routing(), ask.prompt(), size != null ? size : ask.size(), ask.isPublic(),
                ask.extras(), ratio == null && resolution == null ? null : new Framing(ratio, resolution), ask.reuse());
        return new GenerationRequest(origin, kind, framed, n, responseFormat, imageOptions, duration, inputs, webhook, modelUpgrades);
    }

    /** This image request asking to reuse a stored result of the same terms ({@code reuse}), or not. */
    public GenerationRequest withReuse(boolean reuse) {
        Ask a = ask;
        return new GenerationRequest(origin, kind, new Ask(a.model(), a.provider(), a.routing(), a.prompt(), a.size(), a.isPublic(), a.extras(),
                a.framing(), reuse), n, responseFormat, imageOptions, duration, inputs, webhook, modelUpgrades);
    }

    /** Whether a stored result of the same terms is to be reused; left out of the message when not. */
    @JsonProperty
    @JsonInclude(JsonInclude.Include.NON_DEFAULT)
    public boolean reuse() {
        return ask.reuse();
    }

    /** This request with {@code modelUpgrades} ({@code replacement}, {@code none} or null). */
    public GenerationRequest withModelUpgrades(String upgrades) {
        return new GenerationRequest(origin, kind, ask, n, responseFormat, imageOptions, duration, inputs, webhook, upgrades);
    }

    /** This request as line of batch {@code batchId}. */
    public GenerationRequest inBatch(String batchId) {
        return withOrigin(origin.inBatch(batchId));
    }

    /** This request sent with quote {@code id} ({@code quote_id}), its cap not yet read (null id: as it is). */
    public GenerationRequest quoted(String id) {
        return id == null ? this : withOrigin(origin.quoted(new Quoted(id, null)));
    }

    /** This request with its quote read: charged at most {@code cap}. */
    public GenerationRequest cappedAt(BigDecimal cap) {
        return withOrigin(origin.quoted(new Quoted(origin.quoted().id(), cap)));
    }

    private GenerationRequest withOrigin(Origin o) {
        return new GenerationRequest(o, kind, ask, n, responseFormat, imageOptions, duration, inputs, webhook, modelUpgrades);
    }

    /** Whether a retired model named here is to be served by its replacement. */
    @JsonIgnore
    public boolean upgradesToReplacement() {
        return io.mediagate.common.catalog.RetiredModel.REPLACEMENT.equals(modelUpgrades);
    }

    /** The image options, {@link ImageOptions#NONE} when none were set (or for a video). */
    public ImageOptions options() {
        return imageOptions == null ? ImageOptions.NONE : imageOptions;
    }

    // The fields of the parts, by the names they have on the wire.

    @JsonProperty
    public String jobId() {
        return origin.jobId();
    }

    @JsonProperty
    public String requestId() {
        return origin.requestId();
    }

    @JsonProperty
    public String userId() {
        return origin.userId();
    }

    @JsonProperty
    public Tier tier() {
        return origin.tier();
    }

    @JsonProperty
    public String keyId() {
        return origin.keyId();
    }

    @JsonProperty
    public Instant acceptedAt() {
        return origin.acceptedAt();
    }

    /** The batch this request is a line of; left out of the message for every other job. */
    @JsonProperty
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String batchId() {
        return origin.batchId();
    }

    /** The quote this request was sent with ({@code quote_id}); left out of the message for every other job. */
    @JsonProperty
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String quoteId() {
        return origin.quoted() == null ? null : origin.quoted().id();
    }

    /** The most this request is charged: its quote's price; left out of the message for a request sent without a quote. */
    @JsonProperty
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public BigDecimal priceCap() {
        return origin.quoted() == null ? null : origin.quoted().cap();
    }

    @JsonProperty
    public String model() {
        return ask.model();
    }

    /** The framing asked for: the shape in words ({@code aspect_ratio}, {@code resolution}), null when neither was. */
    public Framing framing() {
        return ask.framing();
    }

    /** The aspect ratio asked for; left out of the message when none was. */
    @JsonProperty
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String aspectRatio() {
        return ask.framing() == null ? null : ask.framing().aspectRatio();
    }

    /** A video utility's operation on its source ({@code upscale}, {@code extend}); left out of the message for every other job. */
    @JsonProperty
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String operation() {
        return inputs.operation();
    }

    /** The picture a video ends on (a URL or a media id); left out of the message when none was asked. */
    @JsonProperty
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String lastFrameUrl() {
        return inputs.lastFrameUrl();
    }

    /** A video's reference pictures (URLs or media ids); left out of the message when none were given. */
    @JsonProperty
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public List<String> referenceImageUrls() {
        return inputs.referenceImageUrls();
    }

    /** The resolution asked for; left out of the message when none was. */
    @JsonProperty
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String resolution() {
        return ask.framing() == null ? null : ask.framing().resolution();
    }

    @JsonProperty
    public String provider() {
        return ask.provider();
    }

    @JsonProperty
    public String routing() {
        return ask.routing();
    }

    @JsonProperty
    public String prompt() {
        return ask.prompt();
    }

    @JsonProperty
    public Size size() {
        return ask.size();
    }

    @JsonProperty("isPublic")
    public boolean isPublic() {
        return ask.isPublic();
    }

    @JsonProperty
    public Map<String, Object> extras() {
        return ask.extras();
    }

    @JsonProperty
    public String imageUrl() {
        return inputs.imageUrl();
    }

    @JsonProperty
    public String videoUrl() {
        return inputs.videoUrl();
    }

    @JsonProperty
    public String videoId() {
        return inputs.videoId();
    }

    @JsonProperty
    public ImageSources sources() {
        return inputs.sources();
    }

    @JsonProperty
    public String webhookUrl() {
        return webhook.url();
    }

    @JsonProperty
    public List<String> webhookEvents() {
        return webhook.events();
    }
}
