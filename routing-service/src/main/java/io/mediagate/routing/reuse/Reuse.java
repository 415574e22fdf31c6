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
import io.mediagate.routing.ranking.Candidate;
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
 * A result reused is then remembered by its newest items; a remembered result one of whose items is gone (deleted, expired) is
 * forgotten, and the request made anew.
 */
@ApplicationScoped
public class Reuse {
    private final MediaClient media;
    private final Clock clock;

    Reuse(MediaClient media, Clock clock) {
        this.media = media;
        this.clock = clock;
    }

    /** The reply reusing the stored result of {@code terms} for {@code request}, when it asks to and its account has one. */
    public Optional<GenerationReply> reused(GenerationRequest request, Plan plan, String terms) {
        if (!request.reuse() || terms == null) {
            return Optional.empty();
        }
        ReusableResult kept = QuarkusTransaction.requiringNew().call(() -> ReusableResult.findById(ReusableResult.key(request.userId(), terms)));
        if (kept == null) {
            return Optional.empty();
        }
        int retention = Tier.orFree(request.tier()).limits().retentionDays();
        List<String> from = Arrays.asList(kept.mediaIds.split(","));
        List<MediaItem> items = new ArrayList<>(from.size());
        for (int i = 0; i < from.size(); i++) {
            String id = "med_" + request.jobId().substring(4) + "x" + i;
            try {
                items.add(media.reuse(from.get(i), new ReuseMedia(id, request.userId(), request.isPublic(), retention)).forGeneration());
            } catch (ApiException e) {
                if (e.code() != ErrorCode.NOT_FOUND) {
                    throw e;
                }
                // an item of the result was deleted or expired: it is no longer there to reuse
                forget(request.userId(), terms);
                return Optional.empty();
            }
        }
        // the newest items of the terms stand for them from now on: the result lives while any of its items does
        String reusedIds = String.join(",", items.stream().map(MediaItem::id).toList());
        QuarkusTransaction.requiringNew().run(() -> {
            ReusableResult row = ReusableResult.findById(ReusableResult.key(request.userId(), terms));
            if (row != null) {
                row.mediaIds = reusedIds;
            }
        });
        long setup = Math.max(0, clock.millis() - request.acceptedAt().toEpochMilli());
        Stats stats = new Stats(setup, 0, 0, 0, kept.provider, List.of(), new Stats.Routing(plan.mode().wire(), List.of()),
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

    private static void forget(String accountId, String terms) {
        QuarkusTransaction.requiringNew().run(() -> ReusableResult.deleteById(ReusableResult.key(accountId, terms)));
    }
}
