package io.mediagate.routing.reuse;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.Stats;
import io.mediagate.common.media.ReuseMedia;
import io.mediagate.common.tier.Tier;
import io.mediagate.routing.generation.Plan;
import io.mediagate.routing.media.MediaClient;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.sources.SourceItems;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reusing a stored result instead of making it again. A request asking to ({@code reuse}) whose terms ({@link ReuseTerms}) match a
 * result its own account already has is answered with new items sharing that result's stored files (each its own id,
 * visibility and retention), price 0 and {@code stats.reused}, with no provider called. Results are remembered only when made
 * by an offer whose provider is deterministic for a seed (the catalog's {@code deterministic} option); never across accounts.
 * A result reused is from then on stood for by the new items; a remembered result one of whose items is gone (deleted, expired)
 * is forgotten, and the request made anew.
 */
@ApplicationScoped
public class Reuse {
    private final MediaClient media;
    private final Clock clock;

    Reuse(MediaClient media, Clock clock) {
        this.media = media;
        this.clock = clock;
    }

    /**
     * The terms of {@code request} ({@link ReuseTerms}, its pictures and mask hashed), when they are of use: it asks to reuse, or
     * one of its offers is deterministic, so its result may be remembered; null otherwise (nothing hashed).
     */
    public String terms(GenerationRequest request, Plan plan, List<SourceImage> pictures, SourceImage mask) {
        boolean useful = request.reuse() || plan.ranked().stream().anyMatch(c -> c.offer().deterministic());
        return useful ? ReuseTerms.of(request, plan, pictures, mask) : null;
    }

    /** The reply reusing the stored result of {@code terms} for {@code request}, when it asks to and its account has one. */
    public Optional<GenerationReply> reused(GenerationRequest request, Plan plan, String terms) {
        if (!request.reuse() || terms == null) {
            return Optional.empty();
        }
        // the result is taken, and from now on stood for by the items made of it here (their ids are the job's), in one step
        ReusableResult taken = QuarkusTransaction.requiringNew().call(() -> {
            ReusableResult row = ReusableResult.findById(ReusableResult.key(request.userId(), terms));
            if (row == null) {
                return null;
            }
            ReusableResult was = new ReusableResult();
            was.mediaIds = row.mediaIds;
            was.provider = row.provider;
            row.mediaIds = String.join(",", ids(request, row.mediaIds.split(",").length));
            return was;
        });
        if (taken == null) {
            return Optional.empty();
        }
        int retention = Tier.orFree(request.tier()).limits().retentionDays();
        List<String> from = Arrays.asList(taken.mediaIds.split(","));
        List<String> ids = ids(request, from.size());
        List<MediaItem> items = new ArrayList<>(from.size());
        for (int i = 0; i < from.size(); i++) {
            try {
                items.add(media.reuse(from.get(i), new ReuseMedia(ids.get(i), request.userId(), request.isPublic(), retention)).forGeneration());
            } catch (ApiException e) {
                if (e.code() != ErrorCode.NOT_FOUND) {
                    throw e;
                }
                // an item of the result was deleted or expired: it is no longer there to reuse
                QuarkusTransaction.requiringNew().run(() -> ReusableResult.deleteById(ReusableResult.key(request.userId(), terms)));
                return Optional.empty();
            }
        }
        long setup = Math.max(0, clock.millis() - request.acceptedAt().toEpochMilli());
        Stats stats = new Stats(setup, 0, 0, 0, taken.provider, List.of(), new Stats.Routing(plan.mode().wire(), List.of()),
                plan.checked().undeclared(), null).withReused(from.getFirst());
        return Optional.of(GenerationReply.ok(request.jobId(), items, BigDecimal.ZERO, stats));
    }

    /**
     * Remembers {@code items}, made by {@code served} for {@code request}, as the result of {@code terms} for a later request to reuse,
     * when the offer is deterministic for a seed; the newest result of the same terms replaces an older one.
     */
    public void remember(GenerationRequest request, Candidate served, String terms, List<MediaItem> items) {
        if (terms == null || !served.offer().deterministic() || items.isEmpty()) {
            return;
        }
        String ids = String.join(",", items.stream().map(MediaItem::id).toList());
        QuarkusTransaction.requiringNew().run(() -> {
            ReusableResult row = ReusableResult.findById(ReusableResult.key(request.userId(), terms));
            if (row == null) {
                row = new ReusableResult();
                row.accountId = request.userId();
                row.terms = terms;
            }
            row.mediaIds = ids;
            row.provider = served.providerId();
            row.createdAt = clock.instant();
            row.persist();
        });
    }

    /** The ids of a job's {@code count} items, as a job's results are named. */
    private static List<String> ids(GenerationRequest request, int count) {
        return java.util.stream.IntStream.range(0, count).mapToObj(i -> SourceItems.id(request.jobId(), "x" + i)).toList();
    }
}
