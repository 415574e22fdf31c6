package io.mediagate.catalog.catalog;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.catalog.AdapterKind;
import io.mediagate.common.catalog.Lifecycle;
import io.mediagate.common.catalog.MegapixelRates;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.TokenRates;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.model.ModelId;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.Input;
import io.mediagate.common.values.VideoSize;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Checks what the YAML mapper cannot: references, ranges and required fields. */
final class CatalogValidator {
    private static final Pattern SLUG = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    private static final Pattern IMAGE_SIZE = Pattern.compile("[1-9][0-9]{0,4}x[1-9][0-9]{0,4}");
    private static final Set<String> MEDIA = Set.of("image", "video");
    private static final Set<String> TYPES = Set.of("string", "integer", "number", "boolean");

    private CatalogValidator() {
    }

    static void validate(CatalogFile file, String source) {
        require(file.providers() != null && !file.providers().isEmpty(), source, "providers", "at least one provider is required");
        require(file.models() != null, source, "models", "a models list is required");
        Map<String, String> adapters = new HashMap<>();
        for (int i = 0; i < file.providers().size(); i++) {
            ProviderSpec p = file.providers().get(i);
            String at = "providers[" + i + "]";
            require(p.id() != null && SLUG.matcher(p.id()).matches(), source, at + ".id", "must be a lowercase slug");
            require(adapters.putIfAbsent(p.id(), String.valueOf(p.adapter())) == null, source, at + ".id", "duplicate provider " + p.id());
            require(p.name() != null && !p.name().isBlank(), source, at + ".name", "is required");
            require(p.adapter() != null && !p.adapter().isBlank(), source, at + ".adapter", "is required");
            require(AdapterKind.of(p.adapter()).isPresent(), source, at + ".adapter",
                    "unknown adapter " + p.adapter() + "; routing knows " + AdapterKind.names());
            require(p.media() != null && MEDIA.containsAll(p.media()) && !p.media().isEmpty(), source, at + ".media", "must list image and/or video");
        }
        Set<String> modelIds = new HashSet<>();
        for (int i = 0; i < file.models().size(); i++) {
            validateModel(file.models().get(i), "models[" + i + "]", source, adapters, modelIds);
        }
        for (int i = 0; i < file.models().size(); i++) { // once every model is known: replacements name one of them
            ModelSpec m = file.models().get(i);
            replacement(m.lifecycle(), m, modelIds, source, "models[" + i + "].lifecycle");
            for (int j = 0; j < m.offers().size(); j++) {
                replacement(m.offers().get(j).lifecycle(), m, modelIds, source, "models[" + i + "].offers[" + j + "].lifecycle");
            }
        }
    }

    /** A lifecycle's dates in order, with the page that announced them, and a replacement that is another catalog model. */
    private static void lifecycle(Lifecycle lifecycle, String source, String at) {
        if (lifecycle == null) {
            return;
        }
        require(lifecycle.deprecated() != null || lifecycle.shutdown() != null, source, at, "needs deprecated or shutdown (or both)");
        require(lifecycle.deprecated() == null || lifecycle.shutdown() == null || !lifecycle.deprecated().isAfter(lifecycle.shutdown()),
                source, at + ".deprecated", "must not be after shutdown");
        require(lifecycle.source() != null && lifecycle.source().startsWith("https://"), source, at + ".source",
                "is required: the https address of the provider's page announcing it");
    }

    private static void replacement(Lifecycle lifecycle, ModelSpec m, Set<String> modelIds, String source, String at) {
        if (lifecycle != null && lifecycle.replacement() != null) {
            require(!lifecycle.replacement().equalsIgnoreCase(m.id()) && modelIds.contains(lifecycle.replacement().toLowerCase()), source,
                    at + ".replacement", "must be another model of this catalog, got " + lifecycle.replacement());
        }
    }

    private static boolean isRatio(String ratio) {
        try {
            return ratio != null && Framing.of(ratio, null, true) != null;
        } catch (ApiException e) {
            return false;
        }
    }

    /** {@code adapters}: each provider id's adapter. */
    private static void validateModel(ModelSpec m, String at, String source, Map<String, String> adapters, Set<String> seen) {
        require(m.id() != null && ModelId.tryParse(m.id()).filter(id -> id.version().isEmpty()).isPresent(),
                source, at + ".id", "must look like base/model (no version)");
        require(seen.add(m.id().toLowerCase()), source, at + ".id", "duplicate model " + m.id());
        require(m.media() != null && MEDIA.contains(m.media()), source, at + ".media", "must be image or video");
        require(m.versions() != null && !m.versions().isEmpty(), source, at + ".versions", "at least one version is required");
        Set<String> versions = new HashSet<>();
        for (VersionSpec v : m.versions()) {
            require(v.version() != null && v.createdAt() != null, source, at + ".versions", "each version needs version and createdAt");
            require(versions.add(v.version()), source, at + ".versions", "duplicate version " + v.version());
        }
        require(m.sizes() != null && !m.sizes().isEmpty(), source, at + ".sizes", "at least one size is required");
        if ("image".equals(m.media())) {
            m.sizes().forEach(s -> require(IMAGE_SIZE.matcher(s).matches(), source, at + ".sizes", "image sizes look like 1024x1024, got " + s));
            require(m.aspectRatios() == null, source, at + ".aspectRatios", "an image model's shapes are its sizes; only a video model lists aspectRatios");
            require(m.inputs() == null || !m.inputs().contains(Input.LAST_FRAME), source, at + ".inputs", "last_frame is a video model's input");
            require(m.inputs() == null || !m.inputs().contains(Input.REFERENCE), source, at + ".inputs",
                    "reference is a video model's input (an image model's references are its edit's images)");
            if (m.operation() != null) {
                require(ImageSources.UTILITIES.contains(m.operation()), source, at + ".operation", "must be one of " + ImageSources.UTILITIES
                        + " (a model without one generates)");
                require(m.inputs() != null && m.inputs().contains(Input.IMAGE), source, at + ".inputs", "a utility model takes an image");
            }
        } else {
            if (m.operation() != null) {
                require(ModelSpec.VIDEO_OPERATIONS.contains(m.operation()), source, at + ".operation", "a video model's must be one of "
                        + ModelSpec.VIDEO_OPERATIONS + " (a model without one generates)");
                require(m.inputs() != null && m.inputs().contains(Input.VIDEO), source, at + ".inputs", "a video utility model takes a video");
            }
            if (m.aspectRatios() != null) {
                require(!m.aspectRatios().isEmpty() && m.aspectRatios().stream().distinct().count() == m.aspectRatios().size(), source,
                        at + ".aspectRatios", "list each ratio the model makes once, the default first");
                m.aspectRatios().forEach(r -> require(isRatio(r), source, at + ".aspectRatios", "ratios look like 16:9, 9:16 or 1:1, got " + r));
            }
            m.sizes().forEach(s -> require(VideoSize.parse(s).filter(v -> v.label().equals(s)).isPresent(), source, at + ".sizes",
                    "video sizes are 480p, 720p or 1080p, got " + s));
            require(m.durations() != null, source, at + ".durations", "video models need min, max and default");
            require(m.durations().min() > 0 && m.durations().min() <= m.durations().defaultValue()
                    && m.durations().defaultValue() <= m.durations().max(), source, at + ".durations", "need 0 < min <= default <= max");
        }
        require(m.defaultSize() != null && m.sizes().contains(m.defaultSize()), source, at + ".defaultSize", "must be one of sizes");
        require(m.inputs() != null && !m.inputs().isEmpty() && !m.inputs().contains(Input.UNKNOWN) && !m.inputs().contains(null), source, at + ".inputs", "must list text, image, mask (an edit may send one) and/or video");
        List<String> paramNames = m.parameters() == null ? List.of() : m.parameters().stream().map(p -> p.name()).toList();
        if (m.parameters() != null) {
            m.parameters().forEach(p -> require(p.name() != null && TYPES.contains(p.type()), source,
                    at + ".parameters", "each parameter needs a name and a type of " + TYPES));
        }
        require(m.offers() != null && (!m.offers().isEmpty() || m.lifecycle() != null && m.lifecycle().shutdown() != null), source,
                at + ".offers", "at least one offer is required (a model with a lifecycle shutdown may keep none, to name what replaced it)");
        lifecycle(m.lifecycle(), source, at + ".lifecycle");
        for (int j = 0; j < m.offers().size(); j++) {
            OfferSpec o = m.offers().get(j);
            String oat = at + ".offers[" + j + "]";
            require(o.provider() != null && adapters.containsKey(o.provider()), source, oat + ".provider", "unknown provider " + o.provider());
            if ("video".equals(m.media())) {
                validateLengths(m, o, adapters.get(o.provider()), source, oat);
            }
            require(o.price() != null && o.price().signum() >= 0, source, oat + ".price", "must be a non-negative number");
            require(o.unit() != null && o.unit() != OfferUnit.UNKNOWN, source, oat + ".unit", "must be image or second");
            if (o.features() != null) {
                o.features().forEach(f -> require(paramNames.contains(f) || "image".equals(m.media()) && ImageOptions.NAMES.contains(f), source,
                        oat + ".features", "feature " + f + " is not a parameter of the model"
                                + ("image".equals(m.media()) ? " nor one of the image options " + ImageOptions.NAMES : "")));
            }
            if (o.sizes() != null) {
                o.sizes().forEach(z -> require(m.sizes().contains(z), source, oat + ".sizes", "size " + z + " is not one of the model's sizes"));
            }
            if (o.sizePrices() != null) {
                List<String> sizes = o.sizesOr(m.sizes());
                o.sizePrices().forEach((z, price) -> {
                    String unknown = unknownPriceCase(z, sizes, "image".equals(m.media()));
                    require(unknown == null, source, oat + ".sizePrices", unknown);
                    require(price != null && price.signum() >= 0, source, oat + ".sizePrices", "the price at " + z + " must be a non-negative number");
                });
            }
            if (o.inputs() != null) {
                o.inputs().forEach(in -> require(m.inputs().contains(in), source, oat + ".inputs", "input " + (in == null ? null : in.wire())
                        + " is not one of the model's inputs"));
            }
            boolean inputPrice;
            try {
                inputPrice = o.inputImagePrice().signum() >= 0;
            } catch (NumberFormatException e) {
                inputPrice = false;
            }
            require(inputPrice, source, oat + ".options.inputImagePrice", "must be a non-negative number of US dollars per input image");
            boolean deterministic;
            try {
                o.deterministic();
                deterministic = true;
            } catch (IllegalArgumentException e) {
                deterministic = false;
            }
            require(deterministic, source, oat + ".options.deterministic", "must be true or false");
            if (o.versions() != null) {
                o.versions().forEach(v -> require(versions.contains(v), source, oat + ".versions", "unknown version " + v));
            }
            lifecycle(o.lifecycle(), source, oat + ".lifecycle");
            metering(m, o, source, oat);
            batchTier(m, o, source, oat);
            if (o.source() != null) {
                require(o.source().url() != null && o.source().url().startsWith("https://") && o.source().read() != null, source,
                        oat + ".source", "needs url (the provider's https page) and read (the day it was read)");
            }
        }
    }

    /**
     * A batch price only on an image offer (the providers' batch APIs taken here make images), as a discount between 0 and 1
     * of every price, from the provider's own page saying its batch API takes the model.
     */
    private static void batchTier(ModelSpec m, OfferSpec o, String source, String at) {
        if (o.batch() == null) {
            return;
        }
        require("image".equals(m.media()), source, at + ".batch", "only an image offer has a batch price (a provider's batch API makes images here)");
        require(o.batch().discount() != null && o.batch().discount().signum() > 0 && o.batch().discount().compareTo(java.math.BigDecimal.ONE) < 0,
                source, at + ".batch.discount", "must be the share of every price taken off in a batch, above 0 and below 1 (half: 0.5)");
        require(o.batch().source() != null && o.batch().source().url() != null && o.batch().source().url().startsWith("https://")
                && o.batch().source().read() != null, source, at + ".batch.source",
                "needs url (the provider's https page saying its batch API takes the model, at that price) and read (the day it was read)");
    }

    /** Token or megapixel rates only on image offers priced per image, one kind of metering, none negative. */
    private static void metering(ModelSpec m, OfferSpec o, String source, String at) {
        if (o.tokens() == null && o.megapixels() == null) {
            return;
        }
        require(o.tokens() == null || o.megapixels() == null, source, at, "meters by tokens or by megapixels, not both");
        require("image".equals(m.media()) && o.unit() == OfferUnit.IMAGE, source, at, "only an image offer priced per image is metered");
        if (o.tokens() != null) {
            TokenRates t = o.tokens();
            List<java.math.BigDecimal> rates = java.util.Arrays.asList(t.textInput(), t.imageInput(), t.textOutput(), t.imageOutput());
            require(rates.stream().anyMatch(java.util.Objects::nonNull) && rates.stream().allMatch(r -> r == null || r.signum() >= 0), source,
                    at + ".tokens", "needs non-negative rates in US dollars per million tokens (textInput, imageInput, textOutput, imageOutput)");
        }
        if (o.megapixels() != null) {
            MegapixelRates r = o.megapixels();
            require(r.first() != null && r.first().signum() >= 0 && (r.additional() == null || r.additional().signum() >= 0)
                    && (r.input() == null || r.input().signum() >= 0), source, at + ".megapixels", "needs first (and additional, input) as non-negative US dollars");
            require("up".equals(r.rounding()) || "exact".equals(r.rounding()), source, at + ".megapixels.rounding", "must be up or exact");
        }
    }

    /**
     * Why a key of {@code sizePrices} names no case the offer is priced at, or null when it does: a size the offer takes, an
     * image quality ({@code low}, {@code medium}, {@code high}) or a quality and a size, space-separated.
     */
    static String unknownPriceCase(String key, List<String> sizes, boolean image) {
        String[] parts = key.trim().split(" ");
        String size = parts.length == 2 ? parts[1] : parts[0].contains("x") ? parts[0] : null;
        String quality = parts.length == 2 || size == null ? parts[0] : null;
        if (parts.length > 2 || quality != null && (!image || !OfferSpec.QUALITIES.contains(quality))) {
            return "a price case is a size, an image quality (low, medium, high) or both (\"high 1024x1024\"), got " + key;
        }
        return size != null && !sizes.contains(size) ? "size " + size + " is not one the offer takes" : null;
    }

    /** A video offer's clip lengths parse, and fixed-length providers' offers have them. */
    private static void validateLengths(ModelSpec m, OfferSpec o, String adapter, String source, String at) {
        List<Integer> lengths;
        try {
            lengths = o.lengths();
        } catch (IllegalArgumentException e) {
            throw new InvalidCatalogException(source + ": " + at + ".options.durations " + e.getMessage());
        }
        require(!lengths.isEmpty() || !AdapterKind.of(adapter).map(AdapterKind::fixedClipLengths).orElse(false), source, at + ".options.durations",
                "is required: the " + adapter + " adapter's provider makes clips of fixed lengths only (e.g. \"5,10\")");
        require(lengths.isEmpty() || lengths.getLast() >= m.durations().min(), source, at + ".options.durations",
                "has no length of at least the model's shortest duration " + m.durations().min());
    }

    private static void require(boolean ok, String source, String field, String problem) {
        if (!ok) {
            throw new InvalidCatalogException(source + ": " + field + " " + problem);
        }
    }
}
