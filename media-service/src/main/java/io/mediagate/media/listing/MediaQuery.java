package io.mediagate.media.listing;

import io.mediagate.common.api.ApiException;
import io.mediagate.media.records.PromptWords;
import io.quarkus.panache.common.Parameters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The filters of {@code GET /v1/media} turned into one JPQL condition. Visibility always applies:
 * the caller's own media plus everyone's public media; {@code user=me} narrows to the caller's own,
 * another user's id to that user's public media. {@code model} takes an id ({@code base/name}) or a
 * version slug ({@code base/name:version}); {@code search} matches every given word of the prompt,
 * whole words, in any case. A malformed value is a 400 naming its parameter.
 */
record MediaQuery(String where, Parameters params, String order) {
    private static final Pattern USER = Pattern.compile("usr_[A-Za-z0-9]{1,60}");
    private static final Pattern MODEL = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}/[a-z0-9][a-z0-9._-]{0,127}(:[A-Za-z0-9._-]{1,64})?");
    private static final Pattern PROVIDER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9-]{0,63}");
    private static final Pattern SIZE = Pattern.compile("[0-9]{1,5}x[0-9]{1,5}|[0-9]{3,4}p");
    static final int MAX_SEARCH_WORDS = 8;

    static MediaQuery of(String caller, Filters f) {
        List<String> where = new ArrayList<>();
        Parameters params = new Parameters();
        if (f.user() == null || f.user().isBlank()) {
            where.add("(ownerId = :caller or isPublic = true)");
            params.and("caller", caller);
        } else if (f.user().equals("me") || f.user().equals(caller)) {
            where.add("ownerId = :caller");
            params.and("caller", caller);
        } else if (USER.matcher(f.user()).matches()) {
            where.add("ownerId = :user and isPublic = true");
            params.and("user", f.user());
        } else {
            throw ApiException.invalid("user", "user must be me or a user id (usr_…)");
        }
        if (f.media() != null) {
            if (!f.media().equals("image") && !f.media().equals("video")) {
                throw ApiException.invalid("media", "media must be image or video");
            }
            where.add("kind = :kind");
            params.and("kind", f.media());
        }
        if (f.size() != null) {
            if (!SIZE.matcher(f.size()).matches()) {
                throw ApiException.invalid("size", "size must be a size label such as 1024x1024 or 720p");
            }
            where.add("sizeLabel = :size");
            params.and("size", f.size());
        }
        if (f.model() != null) {
            String model = f.model().toLowerCase(Locale.ROOT);
            if (!MODEL.matcher(model).matches()) {
                throw ApiException.invalid("model", "model must be a model id (base/name) or slug (base/name:version)");
            }
            where.add(model.contains(":") ? "lower(modelSlug) = :model" : "model = :model");
            params.and("model", model);
        }
        if (f.provider() != null) {
            if (!PROVIDER.matcher(f.provider()).matches()) {
                throw ApiException.invalid("provider", "provider must be a provider id or slug");
            }
            where.add("provider = :provider");
            params.and("provider", f.provider().toLowerCase(Locale.ROOT));
        }
        if (f.search() != null) {
            List<String> words = PromptWords.words(f.search());
            if (words.isEmpty() || f.search().length() > 200 || words.size() > MAX_SEARCH_WORDS) {
                throw ApiException.invalid("search", "search must be 1 to " + MAX_SEARCH_WORDS + " words, at most 200 characters");
            }
            for (int i = 0; i < words.size(); i++) {
                where.add("promptWords like :w" + i);
                params.and("w" + i, "% " + words.get(i) + " %");
            }
        }
        String order = switch (f.sort() == null ? "newest" : f.sort()) {
            case "newest" -> "createdAt desc, id desc";
            case "oldest" -> "createdAt asc, id asc";
            default -> throw ApiException.invalid("sort", "sort must be newest or oldest");
        };
        return new MediaQuery(String.join(" and ", where), params, order);
    }

    /** The query parameters as given. */
    record Filters(String user, String media, String size, String model, String provider, String search, String sort) {}
}
