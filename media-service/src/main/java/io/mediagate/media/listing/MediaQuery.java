package io.mediagate.media.listing;

import io.mediagate.common.api.ApiException;
import io.quarkus.panache.common.Parameters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The filters of {@code GET /v1/media} turned into one JPQL condition. Visibility always applies:
 * the caller's own media plus everyone's public media; {@code user=me} narrows to the caller's own.
 */
record MediaQuery(String where, Parameters params, String order) {

    static MediaQuery of(String caller, String user, String media, String size, String provider, String sort) {
        List<String> where = new ArrayList<>();
        Parameters params = new Parameters();
        if (user == null || user.isBlank()) {
            where.add("(ownerId = :caller or isPublic = true)");
            params.and("caller", caller);
        } else if (user.equals("me") || user.equals(caller)) {
            where.add("ownerId = :caller");
            params.and("caller", caller);
        } else {
            where.add("ownerId = :user and isPublic = true");
            params.and("user", user);
        }
        if (media != null) {
            if (!media.equals("image") && !media.equals("video")) {
                throw ApiException.invalid("media", "media must be image or video");
            }
            where.add("kind = :kind");
            params.and("kind", media);
        }
        if (size != null) {
            where.add("sizeLabel = :size");
            params.and("size", size);
        }
        if (provider != null) {
            where.add("provider = :provider");
            params.and("provider", provider.toLowerCase(Locale.ROOT));
        }
        String order = switch (sort == null ? "newest" : sort) {
            case "newest" -> "createdAt desc, id desc";
            case "oldest" -> "createdAt asc, id asc";
            default -> throw ApiException.invalid("sort", "sort must be newest or oldest");
        };
        return new MediaQuery(String.join(" and ", where), params, order);
    }
}
