package io.mediagate.media.listing;

import io.mediagate.common.api.ApiException;
import io.mediagate.media.records.PromptWords;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The filters of {@code GET /v1/media}, validated. Visibility always applies: the caller's own media
 * plus everyone's public media; {@code user=me} narrows to the caller's own, another user's id to that
 * user's public media. {@code model} takes an id ({@code base/name}) or a version slug
 * ({@code base/name:version}); {@code search} matches every given word of the prompt, whole words, in
 * any case. A malformed value is a 400 naming its parameter. Only ready items are listed.
 *
 * @param owner   whose media: null for the caller's own plus everyone's public media
 * @param onlyPublic with an owner, whether only their public media count
 * @param slug    a lower-case version slug, or null
 * @param words   search words, lower case; empty without {@code search}
 */
record MediaQuery(String caller, String owner, boolean onlyPublic, String kind, String size, String model,
                  String slug, String provider, List<String> words, boolean newestFirst) {
    private static final Pattern USER = Pattern.compile("usr_[A-Za-z0-9]{1,60}");
    private static final Pattern MODEL = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}/[a-z0-9][a-z0-9._-]{0,127}(:[A-Za-z0-9._-]{1,64})?");
    private static final Pattern PROVIDER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9-]{0,63}");
    private static final Pattern SIZE = Pattern.compile("[0-9]{1,5}x[0-9]{1,5}|[0-9]{3,4}p");
    static final int MAX_SEARCH_WORDS = 8;

    static MediaQuery of(String caller, Filters f) {
        String owner = null;
        boolean onlyPublic = false;
        if (f.user() != null && !f.user().isBlank()) {
            if (f.user().equals("me") || f.user().equals(caller)) {
                owner = caller;
            } else if (USER.matcher(f.user()).matches()) {
                owner = f.user();
                onlyPublic = true;
            } else {
                throw ApiException.invalid("user", "user must be me or a user id (usr_…)");
            }
        }
        if (f.media() != null && !f.media().equals("image") && !f.media().equals("video")) {
            throw ApiException.invalid("media", "media must be image or video");
        }
        if (f.size() != null && !SIZE.matcher(f.size()).matches()) {
            throw ApiException.invalid("size", "size must be a size label such as 1024x1024 or 720p");
        }
        String model = null;
        String slug = null;
        if (f.model() != null) {
            String m = f.model().toLowerCase(Locale.ROOT);
            if (!MODEL.matcher(m).matches()) {
                throw ApiException.invalid("model", "model must be a model id (base/name) or slug (base/name:version)");
            }
            if (m.contains(":")) {
                slug = m;
            } else {
                model = m;
            }
        }
        if (f.provider() != null && !PROVIDER.matcher(f.provider()).matches()) {
            throw ApiException.invalid("provider", "provider must be a provider id or slug");
        }
        List<String> words = List.of();
        if (f.search() != null) {
            words = PromptWords.words(f.search());
            if (words.isEmpty() || f.search().length() > 200 || words.size() > MAX_SEARCH_WORDS) {
                throw ApiException.invalid("search", "search must be 1 to " + MAX_SEARCH_WORDS + " words, at most 200 characters");
            }
        }
        boolean newestFirst = switch (f.sort() == null ? "newest" : f.sort()) {
            case "newest" -> true;
            case "oldest" -> false;
            default -> throw ApiException.invalid("sort", "sort must be newest or oldest");
        };
        String provider = f.provider() == null ? null : f.provider().toLowerCase(Locale.ROOT);
        return new MediaQuery(caller, owner, onlyPublic, f.media(), f.size(), model, slug, provider, words, newestFirst);
    }

    boolean searches() {
        return !words.isEmpty();
    }

    /** The words as a full-text query that matches items having every one of them. */
    String textQuery() {
        // Words are letters and digits only (PromptWords), so quoting each needs no escaping.
        return String.join(" & ", words.stream().map(w -> "'" + w + "'").toList());
    }

    /** The query parameters as given. */
    record Filters(String user, String media, String size, String model, String provider, String search, String sort) {}
}
