package io.mediagate.gateway.generation;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.catalog.RetiredModel;
import io.mediagate.common.model.ModelId;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.support.JsonBody;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** The fields image and video requests share, checked the same way for both. */
public final class RequestFields {
    private static final Pattern PROVIDER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9-]{0,63}");
    private static final Set<String> ROUTING = Set.of("optimal", "cheapest", "compatible");

    private RequestFields() {
    }

    public static String model(JsonBody in) {
        String model = in.requiredString("model");
        ModelId.parse(model, "model");
        return model;
    }

    public static String prompt(JsonBody in, int max) {
        String prompt = in.requiredString("prompt");
        if (prompt.isBlank()) {
            throw ApiException.invalid("prompt", "prompt must not be empty");
        }
        if (prompt.codePointCount(0, prompt.length()) > max) {
            throw ApiException.invalid("prompt", "prompt exceeds " + max + " characters");
        }
        return prompt;
    }

    public static String provider(JsonBody in) {
        return in.string("provider").map(p -> {
            if (!PROVIDER.matcher(p).matches()) {
                throw ApiException.invalid("provider", "provider must be a provider id or slug");
            }
            return p;
        }).orElse(null);
    }

    public static String routing(JsonBody in) {
        return in.string("routing").map(r -> {
            if (!ROUTING.contains(r)) {
                throw ApiException.invalid("routing", "routing must be optimal, cheapest or compatible");
            }
            return r;
        }).orElse("optimal");
    }

    /**
     * {@code model_upgrades}: what a request naming a retired model gets, {@code replacement} (served by the model named in
     * its place) or {@code none} (410 {@code model_retired}); the caller's account's setting when the request says nothing.
     */
    public static String modelUpgrades(JsonBody in, Caller caller) {
        return in.string(RetiredModel.UPGRADES).map(u -> {
            if (!u.equals(RetiredModel.REPLACEMENT) && !u.equals(RetiredModel.NONE)) {
                throw ApiException.invalid(RetiredModel.UPGRADES, RetiredModel.UPGRADES + " must be " + RetiredModel.REPLACEMENT + " or "
                        + RetiredModel.NONE);
            }
            return u;
        }).orElse(caller.modelUpgrades());
    }

    /** The field naming the quote a request is sent with. */
    public static final String QUOTE_ID = "quote_id";
    private static final Pattern QUOTE = Pattern.compile("qt_[A-Za-z0-9]{8,60}");

    /**
     * {@code quote_id}: the quote ({@code POST /v1/quotes}) a request is sent with, charged at most its price; null when none.
     * Whether it is the caller's, live and of this request is read when the request is submitted.
     */
    public static String quoteId(JsonBody in) {
        return in.string(QUOTE_ID).map(id -> {
            if (!QUOTE.matcher(id).matches()) {
                throw ApiException.invalid(QUOTE_ID, QUOTE_ID + " must be the id of a quote (qt_…) from POST /v1/quotes");
            }
            return id;
        }).orElse(null);
    }

    /** The field asking for a stored result of the same request and seed instead of a new one. */
    public static final String REUSE = "reuse";

    /**
     * {@code reuse} ({@code true}: take the account's stored result of the same model version, parameters, seed and input files
     * where there is one, at no charge); it needs an explicit {@code seed} among the model's parameters ({@code extras}). Without
     * the field, the caller's account's choice, for a request with a seed.
     */
    public static boolean reuse(JsonBody in, Map<String, Object> extras, Caller caller) {
        boolean seeded = extras.get("seed") != null;
        Optional<Boolean> asked = in.bool(REUSE);
        if (asked.orElse(false) && !seeded) {
            throw ApiException.invalid(REUSE, "reuse takes a stored result of the same request and seed: give seed with it");
        }
        return asked.orElse(caller.reuse() && seeded);
    }

    /** Refuses {@code reuse} where it is not offered (videos, utilities): a caller's field is never dropped unsaid. */
    public static void noReuse(JsonBody in, String what) {
        if (in.node().has(REUSE)) {
            throw ApiException.invalid(REUSE, "reuse is offered for image generations, edits and variations, not for " + what);
        }
    }

    /** An absolute http(s) URL of at most 2048 characters, or empty (where it is fetched from is checked later). */
    public static java.util.Optional<String> url(JsonBody in, String field) {
        return in.string(field).map(u -> url(u, field));
    }

    /** {@code u} as an absolute http(s) URL of at most 2,048 characters, else 400 naming {@code field}. */
    public static String url(String u, String field) {
        try {
            java.net.URI uri = new java.net.URI(u);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
            if (u.length() > 2048 || !(scheme.equals("https") || scheme.equals("http")) || uri.getHost() == null) {
                throw ApiException.invalid(field, field + " must be an absolute https URL");
            }
            return u;
        } catch (java.net.URISyntaxException e) {
            throw ApiException.invalid(field, field + " is not a valid URL");
        }
    }

    private static final java.util.regex.Pattern MEDIA_ID = java.util.regex.Pattern.compile("med_[A-Za-z0-9]{8,60}");

    /** Whether {@code value} is a media id ({@code med_…}) rather than a URL. */
    public static boolean isMediaId(String value) {
        return value != null && MEDIA_ID.matcher(value).matches();
    }

    /** An input picture or video as an absolute https URL ({@link #url}) or one of the caller's media ids ({@code med_…}). */
    public static java.util.Optional<String> urlOrMedia(JsonBody in, String field) {
        return in.string(field).map(value -> urlOrMedia(value, field));
    }

    /** {@code value} as a media id ({@code med_…}) or an absolute https URL, else 400 naming {@code field}. */
    public static String urlOrMedia(String value, String field) {
        if (isMediaId(value)) {
            return value;
        }
        try {
            return url(value, field);
        } catch (ApiException e) {
            throw ApiException.invalid(field, field + " must be an absolute https URL or one of your media ids (med_…)");
        }
    }

    /**
     * {@code field}: a list of 1 to {@code max} pictures, each an https URL or one of the caller's media ids ({@code med_…}), or
     * null when absent; refusals name the field, or the item ({@code field[i]}).
     */
    public static List<String> urlsOrMedia(JsonBody in, String field, int max) {
        JsonNode list = in.node().get(field);
        if (list == null || list.isNull()) {
            return null;
        }
        if (!list.isArray() || list.isEmpty() || list.size() > max) {
            throw ApiException.invalid(field, field + " must be a list of 1 to " + max + " https URLs or media ids (med_…)");
        }
        List<String> urls = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            String item = field + "[" + i + "]";
            if (!list.get(i).isTextual()) {
                throw ApiException.invalid(item, item + " must be an https URL or a media id (med_…)");
            }
            urls.add(urlOrMedia(list.get(i).asText(), item));
        }
        return List.copyOf(urls);
    }
}
