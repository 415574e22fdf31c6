package io.mediagate.catalog.models;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediagate.common.catalog.BatchTier;
import io.mediagate.common.catalog.DurationSpec;
import io.mediagate.common.catalog.Lifecycle;
import io.mediagate.common.catalog.MegapixelRates;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ParameterSpec;
import io.mediagate.common.catalog.Planning;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.RetiredModel;
import io.mediagate.common.catalog.Retirement;
import io.mediagate.common.catalog.Source;
import io.mediagate.common.catalog.TokenRates;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.Input;
import io.mediagate.common.values.MediaKind;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The public model record of the API guide (docs/api-guide.md, "Models and providers"), as it stands at the instant it is
 * read: a model announced as going carries its {@code lifecycle} (deprecated, then retired from its shutdown day on), and
 * an offer past its shutdown day shows as retired.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ModelView(
        String id,
        String base,
        String name,
        String displayName,
        String media,
        String operation,
        String description,
        String version,
        List<Version> versions,
        List<String> sizes,
        List<ShapeView> shapes,
        List<String> aspectRatios,
        String defaultSize,
        DurationSpec durations,
        List<Input> inputs,
        List<ParameterSpec> parameters,
        List<Offer> providers,
        Instant createdAt,
        LifecycleView lifecycle) {

    /**
     * A lifecycle as its provider announced it, with what it means now: {@code status} {@code deprecated} (going, still
     * served) or {@code retired} (shut down: not served).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LifecycleView(String status, LocalDate deprecated, LocalDate shutdown, String replacement, String source) {
        static LifecycleView of(Lifecycle l, Instant now) {
            return l == null ? null : new LifecycleView(l.status(now), l.deprecated(), l.shutdown(), l.replacement(), l.source());
        }
    }

    public record Version(String version, String slug, Instant createdAt, boolean latest) {}

    /**
     * One of the shapes the model makes ({@link Planning#sizes}), as a request may name it ({@link Framing}): its {@code size}, its
     * {@code aspectRatio} (by its common name where it is within 2% of one), its {@code resolution}, and its frame in pixels
     * ({@code width}, {@code height}: a video's size names its resolution, its ratio the frame).
     */
    public record ShapeView(String size, String aspectRatio, String resolution, int width, int height) {
        static List<ShapeView> of(ModelSpec model) {
            return model.sizes() == null ? null : Planning.sizes(model).stream()
                    .map(s -> new ShapeView(s.label(), Framing.nameOf(s), Framing.resolutionOf(s), s.width(), s.height())).toList();
        }
    }

    /**
     * {@code amount} per unit, or {@code bySize} at the sizes listed there (absent when none is). A per-second offer
     * whose provider makes clips of fixed lengths lists them in {@code clipSeconds}: a video is made, and charged, at
     * the shortest of them at least as long as asked. {@code perInputImage}: what each source image of an edit or
     * variation adds, where the provider bills them. {@code tokens} and {@code megapixels}: how the provider meters the bill
     * where it does (US dollars per million tokens of each kind; per megapixel), {@code amount} and {@code bySize} then
     * being its published table.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Price(BigDecimal amount, OfferUnit unit, String currency, Map<String, BigDecimal> bySize, List<Integer> clipSeconds,
                        BigDecimal perInputImage, TokenRates tokens, MegapixelRates megapixels) {}

    /**
     * {@code status} is the provider's, or {@code retired} when this offer is taken out of routing (its provider answered
     * that the model is gone, the catalog check did not find it, or its shutdown day came); {@code retired} then says why
     * and since when. {@code lifecycle}: the offer's own, where its provider retires it apart from the model; {@code source}:
     * where its facts and prices were read, and when; {@code batch}: its price through its provider's own batch API, as a
     * discount off every price above (a batch line routed to it is sent that way, and charged so).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Offer(String provider, String providerName, Price price, List<String> features, String status, Retired retired,
                        LifecycleView lifecycle, Source source, BatchTier batch, Boolean deterministic) {}

    /** Why an offer is retired and since when. */
    public record Retired(String reason, Instant at) {
        static Retired of(Retirement r) {
            return new Retired(r.reason(), r.at());
        }
    }

    static ModelView of(ModelSpec m, Function<String, ProviderSpec> providers, Function<ProviderSpec, String> status,
                        BiFunction<String, String, Optional<Retirement>> retired, Instant now) {
        VersionSpec latest = m.latest();
        List<Version> versions = m.versions().stream()
                .sorted(Comparator.comparing(VersionSpec::createdAt).reversed())
                .map(v -> new Version(v.version(), m.id() + ":" + v.version(), v.createdAt(), v == latest))
                .toList();
        List<Offer> offers = m.offers().stream().map(o -> {
            ProviderSpec p = providers.apply(o.provider());
            Map<String, BigDecimal> bySize = o.sizePrices() == null || o.sizePrices().isEmpty() ? null : new TreeMap<>(o.sizePrices());
            List<Integer> lengths = o.lengths();
            List<Integer> clips = lengths.isEmpty() ? null : lengths;
            Retired gone = retired.apply(m.id(), o.provider()).map(Retired::of).orElseGet(() -> RetiredModel.shut(m, o, now).map(Retired::of).orElse(null));
            return new Offer(o.provider(), p.name(), new Price(o.price(), o.unit(), "USD", bySize, clips,
                    o.inputImagePrice().signum() == 0 ? null : o.inputImagePrice(), o.tokens(), o.megapixels()), o.features(),
                    gone == null ? status.apply(p) : "retired", gone, LifecycleView.of(o.lifecycle(), now), o.source(), o.batch(),
                    o.deterministic() ? Boolean.TRUE : null);
        }).toList();
        return new ModelView(m.id(), m.base(), m.name(), m.displayName(), m.media(), m.operation(), m.description(),
                latest.version(), versions, m.sizes(), ShapeView.of(m), m.kind() == MediaKind.VIDEO ? m.videoRatios() : null, m.defaultSize(), m.durations(), m.inputs(),
                m.parameters() == null ? List.of() : m.parameters(), offers, m.createdAt(), LifecycleView.of(m.overallLifecycle(), now));
    }
}
