package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediagate.common.values.Input;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One provider's offer of a model: price per unit ({@code image} or {@code second}), the optional
 * parameters it supports ({@code features}), the versions it serves (all when empty), the sizes and
 * inputs it takes (the model's when empty), how the adapter names the model upstream, adapter options,
 * and the price per unit where the provider charges differently ({@code sizePrices}: at a size, e.g. a 4K image, at a
 * quality, {@code "high"}, or at both, {@code "high 1536x1024"}; {@code price} in every other case). A video offer's provider makes clips of the lengths in its
 * {@code durations} option (e.g. {@code "4,6,8"}), and is asked for, and bills, {@link #secondsFor} a request.
 * Where the provider meters what it bills, the offer says how: {@code tokens} (rates per million tokens, charged from
 * the usage the provider reports for the call) or {@code megapixels} (rates per megapixel of output and input); its
 * {@code price} and {@code sizePrices} are then the provider's published per-image table, what ranking compares and what
 * a call is charged when its answer reports no usage. {@code lifecycle}: the offer's own, where its provider retires it
 * alone; {@code source}: where its facts were read, and when; {@code batch}: its price through the provider's own batch API
 * ({@link BatchTier}), where the provider has one for the model.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OfferSpec(
        String provider,
        BigDecimal price,
        OfferUnit unit,
        List<String> features,
        List<String> versions,
        List<String> sizes,
        List<Input> inputs,
        String upstreamModel,
        Map<String, String> options,
        Map<String, BigDecimal> sizePrices,
        TokenRates tokens,
        MegapixelRates megapixels,
        Lifecycle lifecycle,
        Source source,
        BatchTier batch) {

    /** An offer priced per unit only, with no metering, lifecycle or source. */
    public OfferSpec(String provider, BigDecimal price, OfferUnit unit, List<String> features, List<String> versions, List<String> sizes,
                     List<Input> inputs, String upstreamModel, Map<String, String> options, Map<String, BigDecimal> sizePrices) {
        this(provider, price, unit, features, versions, sizes, inputs, upstreamModel, options, sizePrices, null, null, null, null, null);
    }

    /** An offer without a batch tier. */
    public OfferSpec(String provider, BigDecimal price, OfferUnit unit, List<String> features, List<String> versions, List<String> sizes,
                     List<Input> inputs, String upstreamModel, Map<String, String> options, Map<String, BigDecimal> sizePrices,
                     TokenRates tokens, MegapixelRates megapixels, Lifecycle lifecycle, Source source) {
        this(provider, price, unit, features, versions, sizes, inputs, upstreamModel, options, sizePrices, tokens, megapixels, lifecycle,
                source, null);
    }

    /**
     * This offer as its provider's batch API sells it ({@link BatchTier}): every price, per-size price and metered rate less
     * the batch discount, with no batch tier of its own. Throws {@link IllegalStateException} for an offer without one.
     */
    public OfferSpec atBatchPrices() {
        if (batch == null) {
            throw new IllegalStateException("offer of " + provider + " has no batch tier");
        }
        Map<String, BigDecimal> batchSizePrices = null;
        if (sizePrices != null) {
            batchSizePrices = new java.util.LinkedHashMap<>();
            for (Map.Entry<String, BigDecimal> e : sizePrices.entrySet()) {
                batchSizePrices.put(e.getKey(), batch.of(e.getValue()));
            }
        }
        TokenRates batchTokens = tokens == null ? null
                : new TokenRates(batch.of(tokens.textInput()), batch.of(tokens.imageInput()), batch.of(tokens.textOutput()), batch.of(tokens.imageOutput()));
        MegapixelRates batchMegapixels = megapixels == null ? null
                : new MegapixelRates(batch.of(megapixels.first()), batch.of(megapixels.additional()), batch.of(megapixels.input()), megapixels.rounding());
        return new OfferSpec(provider, batch.of(price), unit, features, versions, sizes, inputs, upstreamModel, options, batchSizePrices,
                batchTokens, batchMegapixels, lifecycle, batch.source() == null ? source : batch.source(), null);
    }

    /** The price per unit at {@code size} (null: the offer's base price). */
    public BigDecimal priceAt(String size) {
        return priceAt(size, null);
    }

    /**
     * The price per unit at {@code size} and {@code quality} (either null: not priced by it): the most specific of
     * {@code sizePrices} ({@code "quality size"}, then {@code "quality"}, then {@code "size"}), else the base price.
     */
    public BigDecimal priceAt(String size, String quality) {
        if (sizePrices == null) {
            return price;
        }
        BigDecimal found = quality == null ? null : size == null ? null : sizePrices.get(quality + " " + size);
        if (found == null && quality != null) {
            found = sizePrices.get(quality);
        }
        if (found == null && size != null) {
            found = sizePrices.get(size);
        }
        return found == null ? price : found;
    }

    /** The image qualities a price may be given for ({@code sizePrices} keys {@code "high"} or {@code "high 1024x1024"}). */
    public static final List<String> QUALITIES = List.of("low", "medium", "high");

    /** The dearest price per unit at {@code size}, whatever the quality: what a request leaving the quality to the provider may cost. */
    public BigDecimal dearestAt(String size) {
        BigDecimal dearest = priceAt(size);
        for (String quality : QUALITIES) {
            dearest = dearest.max(priceAt(size, quality));
        }
        return dearest;
    }

    /** The cheapest price per unit at {@code size}, whatever the quality: the least a request leaving the quality to the provider may cost. */
    public BigDecimal cheapestAt(String size) {
        BigDecimal cheapest = priceAt(size);
        for (String quality : QUALITIES) {
            cheapest = cheapest.min(priceAt(size, quality));
        }
        return cheapest;
    }

    /** The clip lengths in seconds the provider makes, ascending ({@code options.durations}); empty: any whole number. */
    public List<Integer> lengths() {
        return lengths(options == null ? null : options.get("durations"));
    }

    /** Seconds the provider is asked to make, and bills, for a request of {@code requested} seconds. */
    public int secondsFor(double requested) {
        return secondsFor(lengths(), requested);
    }

    /**
     * The clip lengths of a {@code durations} option: a comma list of whole seconds, ascending; empty when blank.
     * Throws {@link IllegalArgumentException} for anything else (the catalog refuses such an offer at load).
     */
    public static List<Integer> lengths(String durations) {
        if (durations == null || durations.isBlank()) {
            return List.of();
        }
        try {
            List<Integer> lengths = Arrays.stream(durations.split(",")).map(String::trim).map(Integer::parseInt).sorted().toList();
            if (lengths.getFirst() < 1) {
                throw new IllegalArgumentException("clip lengths must be at least 1 second: " + durations);
            }
            return lengths;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("durations must be a comma list of whole seconds: " + durations, e);
        }
    }

    /**
     * What a provider making clips of {@code lengths} is asked for, and bills, when {@code requested} seconds are
     * wanted: the shortest length at least as long (the longest when none is); with no lengths, the request rounded
     * up to whole seconds.
     */
    public static int secondsFor(List<Integer> lengths, double requested) {
        int whole = Math.max(1, (int) Math.ceil(requested - 1e-9));
        return lengths.isEmpty() ? whole : lengths.stream().filter(l -> l >= whole).findFirst().orElse(lengths.getLast());
    }

    public List<String> features() {
        return features == null ? List.of() : features;
    }

    /**
     * What the provider bills per input image of an edit or variation on top of the images it makes (option
     * {@code inputImagePrice}, xAI's edits), or zero. Throws {@link NumberFormatException} for anything but a number
     * (the catalog refuses such an offer at load).
     */
    public BigDecimal inputImagePrice() {
        String value = options == null ? null : options.get("inputImagePrice");
        return value == null || value.isBlank() ? BigDecimal.ZERO : new BigDecimal(value.trim());
    }

    /**
     * Whether the offer's provider makes the same result again for the same seed and terms (option {@code deterministic}:
     * {@code true}): only such an offer's results are reused. Throws {@link IllegalArgumentException} for anything but
     * {@code true} or {@code false} (the catalog refuses such an offer at load).
     */
    public boolean deterministic() {
        String value = options == null ? null : options.get("deterministic");
        if (value == null || value.isBlank() || value.equals("false")) {
            return false;
        }
        if (value.equals("true")) {
            return true;
        }
        throw new IllegalArgumentException("deterministic must be true or false");
    }

    /** This offer as it stands for an operation that does not take {@code withheld} (its features less those). */
    public OfferSpec without(Set<String> withheld) {
        if (withheld.isEmpty() || features().stream().noneMatch(withheld::contains)) {
            return this;
        }
        return new OfferSpec(provider, price, unit, features().stream().filter(f -> !withheld.contains(f)).toList(), versions, sizes,
                inputs, upstreamModel, options, sizePrices, tokens, megapixels, lifecycle, source, batch);
    }

    public boolean servesVersion(String version) {
        return versions == null || versions.isEmpty()
                || versions.stream().anyMatch(v -> v.equalsIgnoreCase(version));
    }

    /** Sizes this offer takes: its own list, else the model's. */
    public List<String> sizesOr(List<String> modelSizes) {
        return sizes == null || sizes.isEmpty() ? modelSizes : sizes;
    }

    /** Inputs this offer takes: its own list, else the model's. */
    public List<Input> inputsOr(List<Input> modelInputs) {
        return inputs == null || inputs.isEmpty() ? modelInputs : inputs;
    }
}
