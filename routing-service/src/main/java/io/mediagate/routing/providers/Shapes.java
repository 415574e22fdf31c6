package io.mediagate.routing.providers;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.Size;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The shapes the adapters translate between, no I/O: an image sent inline or as bytes, a JSON field as text, a clip
 * length from an offer's lengths, an offer's fixed inputs, a size as a ratio, a file as a data URI. {@link Upstream}
 * holds the HTTP side (calls with our auth and limits, jobs, downloads).
 */
public final class Shapes {
    private Shapes() {
    }

    /** An image the provider sent inline (base64), checked to be an image by its bytes. */
    public static GeneratedImage inline(ProviderSpec provider, String base64, String revisedPrompt) {
        byte[] bytes;
        try {
            bytes = java.util.Base64.getMimeDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw ProviderException.failed(provider.id() + " sent an image that is not base64");
        }
        return bytes(provider, bytes, revisedPrompt);
    }

    /** Image bytes the provider sent, checked to be an image (raster, or SVG from a vector model). */
    public static GeneratedImage bytes(ProviderSpec provider, byte[] bytes, String revisedPrompt) {
        String mime = ContentSniffer.result(bytes).filter(m -> m.startsWith("image/"))
                .orElseThrow(() -> ProviderException.failed(provider.id() + " sent a file that is not an image"));
        return new GeneratedImage(bytes, mime, revisedPrompt);
    }

    /** A text field of a JSON object, or null. */
    public static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v == null || v.isNull() || v.isContainerNode() ? null : v.asText();
    }

    /**
     * The duration to ask a provider for: {@link OfferSpec#secondsFor} with the lengths of {@code allowed} (an offer's
     * {@code durations} option), the same the request is charged for.
     */
    public static int duration(double requested, String allowed) {
        try {
            return OfferSpec.secondsFor(OfferSpec.lengths(allowed), requested);
        } catch (IllegalArgumentException e) {
            throw ProviderException.credentials("the offer's durations option is not a comma list of seconds: " + allowed);
        }
    }

    /** The prefix of an offer option that is an input sent to the provider as it is ({@code input.resolution: 768p}). */
    public static final String FIXED_INPUT = "input.";

    /**
     * Puts the offer's fixed inputs into a marketplace request's {@code input}: every option named
     * {@code input.<field>}, as a whole number, a boolean or text. They are what the offer's price assumes where the
     * model's own default would bill more (Replicate's Hailuo 02 at 1080p), so they win over any parameter.
     */
    public static void fixedInputs(Map<String, String> options, Map<String, Object> input) {
        if (options == null) {
            return;
        }
        options.forEach((name, value) -> {
            if (name.startsWith(FIXED_INPUT) && name.length() > FIXED_INPUT.length()) {
                input.put(name.substring(FIXED_INPUT.length()), typed(value));
            }
        });
    }

    private static Object typed(String value) {
        if ("true".equals(value) || "false".equals(value)) {
            return Boolean.parseBoolean(value);
        }
        return value.matches("-?[0-9]{1,9}") ? (Object) Integer.parseInt(value) : value;
    }

    /** A size as the reduced ratio providers take ({@code 1024x768} is {@code 4:3}). */
    public static String ratio(int width, int height) {
        int g = java.math.BigInteger.valueOf(width).gcd(java.math.BigInteger.valueOf(height)).intValue();
        return (width / g) + ":" + (height / g);
    }

    /**
     * For providers that take a ratio from a fixed list ({@code width:height} each): the one nearest to the size,
     * compared on a log scale, so 2:1 and 1:2 are as far from 1:1.
     */
    public static String nearestRatio(int width, int height, List<String> ratios) {
        double wanted = Math.log((double) width / height);
        String best = ratios.getFirst();
        double distance = Double.MAX_VALUE;
        for (String ratio : ratios) {
            String[] parts = ratio.split(":");
            double d = Math.abs(Math.log(Double.parseDouble(parts[0]) / Double.parseDouble(parts[1])) - wanted);
            if (d < distance) {
                distance = d;
                best = ratio;
            }
        }
        return best;
    }

    /**
     * For a video provider that takes its shape as a ratio from a fixed list ({@code W:H} each): the one a {@code width x height}
     * frame is (within 2%, {@link Framing#hasRatio}); a frame of none of them is refused as the offer's fault (its model's
     * catalog entry lists a ratio its adapter cannot ask for), so the next offer is tried. Unlike {@link #nearestRatio}, a
     * video is never made in another shape than the one planned.
     */
    public static String videoRatio(String provider, int width, int height, List<String> ratios) {
        Size frame = Size.frame(width, height);
        return ratios.stream().filter(r -> new Framing(r, null).hasRatio(frame)).findFirst()
                .orElseThrow(() -> ProviderException.rejected(provider + " makes no " + width + "x" + height + " video; it takes "
                        + ratios).offersFault());
    }

    /** A frame's ratio by its common name where it is within 2% of one ({@code 854x480} is 16:9), else in lowest terms. */
    public static String named(int width, int height) {
        return Framing.nameOf(Size.frame(width, height));
    }

    /** Whether {@code aspectRatio} is one of {@code ratios} (within 2%): what a video adapter of that list {@code makes}. */
    public static boolean listed(String aspectRatio, List<String> ratios) {
        Framing asked = new Framing(aspectRatio, null);
        double wanted = asked.ratio().orElseThrow();
        return ratios.stream().anyMatch(r -> Math.abs(new Framing(r, null).ratio().orElseThrow() / wanted - 1) <= 0.02);
    }

    /** A local file as a {@code data:} URI, for providers that take inputs inline. */
    public static String dataUri(Path file) {
        return SourceImage.read(file).dataUri();
    }
}
