package io.mediagate.media.listing;

import io.mediagate.common.api.Page;
import io.mediagate.media.records.MediaRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads one page of {@code GET /v1/media} and its total. On PostgreSQL, totals come from the
 * {@code media_counts} table its trigger keeps (exact, and as cheap for a million rows as for ten);
 * a search is matched through the full-text index and counted up to {@code searchCountLimit} items,
 * beyond which the total is that limit and marked inexact (counting every match of a common word
 * means reading every matching row). On H2, the local run, totals are plain exact counts. A page that
 * is the last one (not full, and not past the end) needs no count at all.
 */
@ApplicationScoped
class MediaListing {
    private final boolean postgres;
    private final int searchCountLimit;

    @Inject
    MediaListing(@ConfigProperty(name = "quarkus.datasource.db-kind") String dbKind,
                 @ConfigProperty(name = "mediagate.media.search-count-limit", defaultValue = "1000") int searchCountLimit) {
        this.postgres = dbKind.startsWith("postgres");
        this.searchCountLimit = searchCountLimit;
    }

    /** A page of items in order, with the number of items in all pages. */
    record Listing(List<MediaRecord> items, long total, boolean exact) {}

    Listing list(MediaQuery q, Page page) {
        Where where = where(q);
        String order = q.newestFirst() ? "created_at desc, id desc" : "created_at asc, id asc";
        @SuppressWarnings("unchecked")
        List<MediaRecord> items = where.bind(em().createNativeQuery(
                        "select * from media where " + where.sql() + " order by " + order, MediaRecord.class))
                .setFirstResult((int) Math.min(page.offset(), Integer.MAX_VALUE)).setMaxResults(page.limit()).getResultList();
        if (items.size() < page.limit() && (!items.isEmpty() || page.offset() == 0)) {
            return new Listing(items, page.offset() + items.size(), true); // the last page tells the total itself
        }
        if (q.searches()) {
            int found = where.bind(em().createNativeQuery("select id from media where " + where.sql()))
                    .setMaxResults(searchCountLimit + 1).getResultList().size();
            return found > searchCountLimit ? new Listing(items, searchCountLimit, false) : new Listing(items, found, true);
        }
        if (!postgres) {
            long total = ((Number) where.bind(em().createNativeQuery("select count(*) from media where " + where.sql()))
                    .getSingleResult()).longValue();
            return new Listing(items, total, true);
        }
        return new Listing(items, counted(q), true);
    }

    private static EntityManager em() {
        return MediaRecord.getEntityManager();
    }

    private Where where(MediaQuery q) {
        Where w = new Where(new ArrayList<>(List.of("status = 'ready'")), new HashMap<>());
        if (q.owner() == null) {
            w.add("(owner_id = :caller or is_public = true)", "caller", q.caller());
        } else {
            w.add(q.onlyPublic() ? "owner_id = :owner and is_public = true" : "owner_id = :owner", "owner", q.owner());
        }
        w.add("kind = :kind", "kind", q.kind());
        w.add("size_label = :size", "size", q.size());
        w.add("model = :model", "model", q.model());
        w.add("lower(model_slug) = :slug", "slug", q.slug());
        w.add("provider = :provider", "provider", q.provider());
        if (q.searches() && postgres) {
            w.add("prompt_terms @@ cast(:words as tsquery)", "words", q.textQuery());
        } else {
            for (int i = 0; i < q.words().size(); i++) {
                w.add("prompt_words like :w" + i, "w" + i, "% " + q.words().get(i) + " %");
            }
        }
        return w;
    }

    /** The exact total from media_counts: all public items plus the caller's private ones, or one owner's. */
    private long counted(MediaQuery q) {
        List<String> c = new ArrayList<>();
        Map<String, Object> p = new HashMap<>();
        if (q.owner() == null) {
            c.add("(owner_id = '*' or (owner_id = :caller and not is_public))");
            p.put("caller", q.caller());
        } else {
            c.add(q.onlyPublic() ? "owner_id = :owner and is_public" : "owner_id = :owner");
            p.put("owner", q.owner());
        }
        String[][] filters = {{"kind", q.kind()}, {"size_label", q.size()}, {"model", q.model()},
                {"model_slug", q.slug()}, {"provider", q.provider()}};
        for (String[] f : filters) {
            if (f[1] != null) {
                c.add(f[0] + " = :" + f[0]);
                p.put(f[0], f[1]);
            }
        }
        Query query = em().createNativeQuery("select coalesce(sum(n), 0) from media_counts where " + String.join(" and ", c));
        p.forEach(query::setParameter);
        return ((Number) query.getSingleResult()).longValue();
    }

    /** An SQL condition over the media table and its parameters. */
    private record Where(List<String> conditions, Map<String, Object> params) {
        /** Adds the condition with its parameter, unless the parameter was not given. */
        void add(String condition, String name, Object value) {
            if (value != null) {
                conditions.add(condition);
                params.put(name, value);
            }
        }

        String sql() {
            return String.join(" and ", conditions);
        }

        Query bind(Query query) {
            params.forEach(query::setParameter);
            return query;
        }
    }
}
