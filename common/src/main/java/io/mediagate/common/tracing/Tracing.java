package io.mediagate.common.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.jboss.logging.MDC;

/**
 * Carries a trace where Quarkus does not carry it by itself: across the services' own JDK HTTP clients,
 * outbox rows (the context is stored with the row and continued when it is published) and the
 * pipeline's plain Kafka clients. Headers are W3C Trace Context ({@code traceparent}, {@code tracestate}).
 * With tracing off (no {@code MEDIAGATE_OTLP_ENDPOINT}) nothing is exported.
 *
 * <p>Log lines name the trace, the request and the job through the MDC keys {@link #TRACE_ID},
 * {@link #REQUEST_ID} and {@link #JOB_ID}.
 */
@ApplicationScoped
public class Tracing {
    /** The key Quarkus itself writes the current trace id under. */
    public static final String TRACE_ID = "traceId";
    public static final String REQUEST_ID = "request_id";
    public static final String JOB_ID = "job_id";
    public static final String TRACEPARENT = "traceparent";
    private static final String TRACESTATE = "tracestate";
    private final TextMapPropagator propagator;
    private final Tracer tracer;

    @Inject
    Tracing(Instance<OpenTelemetry> otel) {
        this(otel.isResolvable() ? otel.get() : OpenTelemetry.noop());
    }

    public Tracing(OpenTelemetry otel) {
        this.propagator = otel.getPropagators().getTextMapPropagator();
        this.tracer = otel.getTracer("io.mediagate");
    }

    /** Writes the current trace context as headers through {@code header} (nothing when there is none). */
    public void inject(BiConsumer<String, String> header) {
        inject(Context.current(), header);
    }

    public void inject(Context context, BiConsumer<String, String> header) {
        propagator.inject(context, header, (sink, name, value) -> sink.accept(name, value));
    }

    /** The trace context that headers read through {@code header} carry (the root context when none). */
    public Context extract(Function<String, String> header) {
        return propagator.extract(Context.root(), header, new TextMapGetter<>() {
            @Override
            public Iterable<String> keys(Function<String, String> carrier) {
                return List.of(TRACEPARENT, TRACESTATE);
            }

            @Override
            public String get(Function<String, String> carrier, String key) {
                return carrier == null ? null : carrier.apply(key);
            }
        });
    }

    /**
     * The current context as one storable string ({@code traceparent}, then {@code tracestate} after a
     * space when there is one); null when there is no trace to continue.
     */
    public String current() {
        StringBuilder out = new StringBuilder();
        inject((name, value) -> {
            if (name.equals(TRACEPARENT)) {
                out.insert(0, value);
            } else if (name.equals(TRACESTATE) && !value.isBlank()) {
                out.append(' ').append(value);
            }
        });
        return out.isEmpty() ? null : out.toString();
    }

    /** The context {@link #current()} stored; the root context for null or a value that is not one. */
    public Context restore(String stored) {
        if (stored == null || stored.isBlank()) {
            return Context.root();
        }
        int space = stored.indexOf(' ');
        String parent = space < 0 ? stored : stored.substring(0, space);
        String state = space < 0 ? null : stored.substring(space + 1);
        return extract(name -> name.equals(TRACEPARENT) ? parent : name.equals(TRACESTATE) ? state : null);
    }

    /**
     * Starts a span of this service under {@code parent} and makes it current, with the trace and the
     * job in the MDC, until the returned {@link Traced} is closed.
     */
    public Traced start(String name, SpanKind kind, Context parent, String jobId) {
        Span span = tracer.spanBuilder(name).setSpanKind(kind).setParent(parent).startSpan();
        if (jobId != null) {
            span.setAttribute("mediagate.job_id", jobId);
        }
        Scope scope = parent.with(span).makeCurrent();
        SpanContext ids = span.getSpanContext();
        Object traceBefore = MDC.get(TRACE_ID);
        Object jobBefore = MDC.get(JOB_ID);
        if (ids.isValid()) {
            MDC.put(TRACE_ID, ids.getTraceId());
        }
        if (jobId != null) {
            MDC.put(JOB_ID, jobId);
        }
        return new Traced(span, scope, traceBefore, jobBefore);
    }

    /** A span made current by {@link #start}; closing it ends the span and restores what was current. */
    public static final class Traced implements AutoCloseable {
        private final Span span;
        private final Scope scope;
        private final Object traceBefore;
        private final Object jobBefore;

        private Traced(Span span, Scope scope, Object traceBefore, Object jobBefore) {
            this.span = span;
            this.scope = scope;
            this.traceBefore = traceBefore;
            this.jobBefore = jobBefore;
        }

        /** Marks the span failed with {@code failure}. */
        public void failed(Throwable failure) {
            span.recordException(failure);
            span.setStatus(StatusCode.ERROR, String.valueOf(failure.getMessage()));
        }

        public void attribute(String name, String value) {
            if (value != null) {
                span.setAttribute(name, value);
            }
        }

        @Override
        public void close() {
            span.end();
            scope.close();
            restore(TRACE_ID, traceBefore);
            restore(JOB_ID, jobBefore);
        }

        private static void restore(String key, Object value) {
            if (value == null) {
                MDC.remove(key);
            } else {
                MDC.put(key, value);
            }
        }
    }
}
