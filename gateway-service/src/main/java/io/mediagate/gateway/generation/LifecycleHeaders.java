package io.mediagate.gateway.generation;

import io.mediagate.common.catalog.Lifecycle;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.model.ModelId;
import io.mediagate.gateway.budgets.WorstCase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Tells a caller, on the answer itself, that the model its generation named is going or gone: {@code Deprecation}
 * (RFC 9745, {@code @} and the Unix time of the day it was deprecated, or of its shutdown day where only that is
 * announced), {@code Sunset} (RFC 8594, the shutdown day as an HTTP date) and {@code Link} to the replacement
 * ({@code rel="successor-version"}) and to the provider's announcement ({@code rel="deprecation"}). The model's lifecycle
 * is read as the budget step reads the model ({@link WorstCase}, cached), from when the request is submitted; an answer
 * never waits long for it: without the catalog's word within {@link #PATIENCE} it goes without the headers.
 */
@ApplicationScoped
public class LifecycleHeaders {
    private static final Logger LOG = Logger.getLogger(LifecycleHeaders.class);
    static final Duration PATIENCE = Duration.ofSeconds(1);
    static final List<String> NAMES = List.of("Deprecation", "Sunset", "Link");
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);
    private final WorstCase models;
    private final Clock clock;

    LifecycleHeaders(WorstCase models, Clock clock) {
        this.models = models;
        this.clock = clock;
    }

    /** The headers for answers to {@code request}, looked up from now on (none when the model is neither going nor gone). */
    public Uni<Map<String, String>> of(GenerationRequest request) {
        Optional<ModelId> id = ModelId.tryParse(request.model());
        if (id.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        Uni<Map<String, String>> lookup = models.resolved(id.get().id())
                .map(found -> found.map(ResolvedModel::model).map(m -> headers(m.overallLifecycle(), clock.instant())).orElse(Map.of()))
                .ifNoItem().after(PATIENCE).recoverWithItem(Map.of())
                .onFailure().recoverWithItem(failure -> {
                    LOG.debugf("no lifecycle headers for %s: %s", id.get().id(), failure.toString());
                    return Map.of();
                })
                .memoize().indefinitely();
        lookup.subscribe().with(h -> { }, f -> { });
        return lookup;
    }

    /** The headers of {@code lifecycle} at {@code now}: none while the model is active, or has no lifecycle. */
    static Map<String, String> headers(Lifecycle lifecycle, Instant now) {
        if (lifecycle == null || lifecycle.status(now).equals("active")) {
            return Map.of();
        }
        Map<String, String> headers = new LinkedHashMap<>();
        Instant deprecated = lifecycle.deprecated() != null ? lifecycle.deprecated().atStartOfDay(ZoneOffset.UTC).toInstant() : lifecycle.sunset();
        headers.put("Deprecation", "@" + deprecated.getEpochSecond());
        if (lifecycle.sunset() != null) {
            headers.put("Sunset", HTTP_DATE.format(lifecycle.sunset()));
        }
        List<String> links = new ArrayList<>();
        if (lifecycle.replacement() != null) {
            links.add("</v1/models/" + lifecycle.replacement() + ">; rel=\"successor-version\"");
        }
        if (lifecycle.source() != null) {
            links.add("<" + lifecycle.source() + ">; rel=\"deprecation\"; type=\"text/html\"");
        }
        if (!links.isEmpty()) {
            headers.put("Link", String.join(", ", links));
        }
        return headers;
    }

    /** {@code response} with {@code headers}. */
    public static Response onto(Response response, Map<String, String> headers) {
        if (headers.isEmpty()) {
            return response;
        }
        Response.ResponseBuilder with = Response.fromResponse(response);
        headers.forEach(with::header);
        return with.build();
    }

    /** {@code to} with the lifecycle headers {@code from} carries (an answer made anew from a submission's). */
    public static Response copied(Response from, Response to) {
        Map<String, String> headers = new LinkedHashMap<>();
        NAMES.forEach(name -> {
            String value = from.getHeaderString(name);
            if (value != null) {
                headers.put(name, value);
            }
        });
        return onto(to, headers);
    }
}
