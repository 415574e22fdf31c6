package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.mediagate.common.values.Shape;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * A media item as the public API shows it (seed "Media item" table plus the additions of docs/api-guide.md).
 * {@code modelSlug} and {@code providerName} appear in listings; everything else everywhere. Videos add
 * {@code thumbnail} (poster image), {@code preview} (a strip of frames) and {@code variants}. The result
 * of an image edit or variation names the items it was made from in {@code sources}. {@code price} is what
 * making this one item cost in USD (absent for uploads). {@code provenance}: the Content Credentials its main file carries
 * (absent for items kept before they were read). {@code reusedFrom}: for a result reused rather than made ({@code reuse}), the item
 * whose stored bytes it shares (absent otherwise).
 *
 * <p>Made of its parts (its file, what made it, its shape, its life, a video's renditions); on the wire one flat object, byte for
 * byte the item it always was ({@code GoldenMessagesTest}): each field is read off its part by the accessor of its old
 * name and read back by {@link #wire}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"id", "url", "mime", "user", "media", "model", "provider", "prompt", "size", "duration", "createdAt", "modelSlug",
        "providerName", "public", "bytes", "width", "height", "expiresAt", "status", "revised_prompt", "thumbnail", "preview", "variants",
        "sources", "price", "provenance", "reusedFrom"})
public record MediaItem(
        String id,
        String user,
        String media,
        @JsonIgnore File file,
        @JsonIgnore MadeBy made,
        @JsonIgnore Shape shape,
        @JsonIgnore Life life,
        @JsonIgnore Renditions renditions,
        List<String> sources,
        Provenance provenance,
        String reusedFrom) {

    public MediaItem(String id, String user, String media, File file, MadeBy made, Shape shape, Life life, Renditions renditions,
                     List<String> sources, Provenance provenance) {
        this(id, user, media, file, made, shape, life, renditions, sources, provenance, null);
    }

    /** One rendition of a video: MP4/H.264 at a size, WebM/VP9, or an HLS playlist. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Variant(String format, String codec, String size, Integer width, Integer height, String mime,
                          String url, long bytes) {}

    /** The item's main file: where it is served, its type, its bytes (null where unknown). */
    public record File(String url, String mime, Long bytes) {}

    /** When it was made and until when it is kept, whether anyone may see it, and its status. */
    public record Life(Instant createdAt, Instant expiresAt, Boolean isPublic, String status) {}

    /** A video's poster image, strip of frames and variants (null for an image). */
    public record Renditions(String thumbnail, String preview, List<Variant> variants) {
        public static final Renditions NONE = new Renditions(null, null, null);
    }

    public MediaItem {
        file = file == null ? new File(null, null, null) : file;
        made = made == null ? new MadeBy(null, null, null, null, null, null, null) : made;
        shape = shape == null ? new Shape(null, null, null, null) : shape;
        life = life == null ? new Life(null, null, null, null) : life;
        renditions = renditions == null ? Renditions.NONE : renditions;
    }

    /** The item as it is on the wire, one flat object: what Jackson reads an item from. */
    @JsonCreator
    static MediaItem wire(@JsonProperty("id") String id, @JsonProperty("url") String url, @JsonProperty("mime") String mime,
                          @JsonProperty("user") String user, @JsonProperty("media") String media, @JsonProperty("model") String model,
                          @JsonProperty("provider") String provider, @JsonProperty("prompt") String prompt,
                          @JsonProperty("size") String size, @JsonProperty("duration") Double duration,
                          @JsonProperty("createdAt") Instant createdAt, @JsonProperty("modelSlug") String modelSlug,
                          @JsonProperty("providerName") String providerName, @JsonProperty("public") Boolean isPublic,
                          @JsonProperty("bytes") Long bytes, @JsonProperty("width") Integer width, @JsonProperty("height") Integer height,
                          @JsonProperty("expiresAt") Instant expiresAt, @JsonProperty("status") String status,
                          @JsonProperty("revised_prompt") String revisedPrompt, @JsonProperty("thumbnail") String thumbnail,
                          @JsonProperty("preview") String preview, @JsonProperty("variants") List<Variant> variants,
                          @JsonProperty("sources") List<String> sources, @JsonProperty("price") BigDecimal price,
                          @JsonProperty("provenance") Provenance provenance, @JsonProperty("reusedFrom") String reusedFrom) {
        return new MediaItem(id, user, media, new File(url, mime, bytes),
                new MadeBy(model, modelSlug, provider, providerName, prompt, revisedPrompt, price), new Shape(size, duration, width, height), new Life(createdAt, expiresAt, isPublic, status),
                new Renditions(thumbnail, preview, variants), sources, provenance, reusedFrom);
    }

    /** The generation-response form: listing-only fields ({@code modelSlug}, {@code providerName}) left out. */
    public MediaItem forGeneration() {
        return new MediaItem(id, user, media, file, new MadeBy(made.model(), null, made.provider(), null, made.prompt(),
                made.revisedPrompt(), made.price()), shape, life, renditions, sources, provenance, reusedFrom);
    }

    // The fields of the parts, by the names they have on the wire.

    @JsonProperty
    public String model() {
        return made.model();
    }

    @JsonProperty
    public String provider() {
        return made.provider();
    }

    @JsonProperty
    public String prompt() {
        return made.prompt();
    }

    @JsonProperty
    public String modelSlug() {
        return made.modelSlug();
    }

    @JsonProperty
    public String providerName() {
        return made.providerName();
    }

    @JsonProperty("revised_prompt")
    public String revisedPrompt() {
        return made.revisedPrompt();
    }

    @JsonProperty
    public BigDecimal price() {
        return made.price();
    }

    @JsonProperty
    public String size() {
        return shape.size();
    }

    @JsonProperty
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public Double duration() {
        return shape.duration();
    }

    @JsonProperty
    public Integer width() {
        return shape.width();
    }

    @JsonProperty
    public Integer height() {
        return shape.height();
    }

    @JsonProperty
    public Long bytes() {
        return file.bytes();
    }

    @JsonProperty
    public String url() {
        return file.url();
    }

    @JsonProperty
    public String mime() {
        return file.mime();
    }

    @JsonProperty
    public Instant createdAt() {
        return life.createdAt();
    }

    @JsonProperty
    public Instant expiresAt() {
        return life.expiresAt();
    }

    @JsonProperty("public")
    public Boolean isPublic() {
        return life.isPublic();
    }

    @JsonProperty
    public String status() {
        return life.status();
    }

    @JsonProperty
    public String thumbnail() {
        return renditions.thumbnail();
    }

    @JsonProperty
    public String preview() {
        return renditions.preview();
    }

    @JsonProperty
    public List<Variant> variants() {
        return renditions.variants();
    }
}
