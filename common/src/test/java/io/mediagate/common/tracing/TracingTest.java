package io.mediagate.common.tracing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jboss.logging.MDC;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TracingTest {
    private static final String PARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    private final InMemorySpanExporter exported = InMemorySpanExporter.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exported)).build())
            .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
            .build();
    private final Tracing tracing = new Tracing(sdk);

    @AfterEach
    void close() {
        sdk.close();
    }

    @Test
    void aStepContinuesTheTraceItsHeadersCarryAndNamesTraceAndJobInTheMdcUntilClosed() {
        Context parent = tracing.extract(Map.of(Tracing.TRACEPARENT, PARENT)::get);
        Map<String, String> sent = new HashMap<>();
        try (Tracing.Traced ignored = tracing.start("transcode", SpanKind.CONSUMER, parent, "job_abc12345")) {
            assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", MDC.get(Tracing.TRACE_ID));
            assertEquals("job_abc12345", MDC.get(Tracing.JOB_ID));
            tracing.inject(sent::put);
        }
        assertNull(MDC.get(Tracing.TRACE_ID), "the MDC is as before once the step is closed");
        assertNull(MDC.get(Tracing.JOB_ID));
        assertFalse(Span.current().getSpanContext().isValid(), "and no span is current any more");

        List<SpanData> spans = exported.getFinishedSpanItems();
        assertEquals(1, spans.size());
        SpanData span = spans.get(0);
        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", span.getTraceId());
        assertEquals("00f067aa0ba902b7", span.getParentSpanId());
        assertEquals("job_abc12345", span.getAttributes().asMap().entrySet().stream()
                .filter(e -> e.getKey().getKey().equals("mediagate.job_id")).findFirst().orElseThrow().getValue());
        // What the step sent carries the step's own span, so the next service continues from it.
        assertEquals("00-4bf92f3577b34da6a3ce929d0e0e4736-" + span.getSpanId() + "-01", sent.get(Tracing.TRACEPARENT));
    }

    @Test
    void aStoredContextIsRestoredAsTheSameTraceAndBadValuesAreNoTrace() {
        Context parent = tracing.extract(Map.of(Tracing.TRACEPARENT, PARENT, "tracestate", "vendor=1")::get);
        String stored;
        try (var scope = parent.makeCurrent()) {
            stored = tracing.current();
        }
        assertEquals(PARENT + " vendor=1", stored);
        Map<String, String> again = new HashMap<>();
        tracing.inject(tracing.restore(stored), again::put);
        assertEquals(PARENT, again.get(Tracing.TRACEPARENT));
        assertEquals("vendor=1", again.get("tracestate"));

        for (String bad : new String[] {null, "", "not a traceparent", "00-00000000000000000000000000000000-00f067aa0ba902b7-01"}) {
            assertFalse(Span.fromContext(tracing.restore(bad)).getSpanContext().isValid(), String.valueOf(bad));
        }
        assertNull(tracing.current(), "outside any trace there is nothing to store");
    }

    @Test
    void withTracingOffNothingIsRecordedOrSent() {
        Tracing off = new Tracing(OpenTelemetry.noop());
        Map<String, String> sent = new HashMap<>();
        try (Tracing.Traced ignored = off.start("transcode", SpanKind.CONSUMER, Context.root(), "job_abc12345")) {
            off.inject(sent::put);
            assertEquals("job_abc12345", MDC.get(Tracing.JOB_ID), "the job is still named in log lines");
        }
        assertTrue(sent.isEmpty(), sent.toString());
        assertNull(off.current());
    }

    @Test
    void theSdkIsOffUnlessACollectorIsNamed() {
        assertEquals("true", new TracingSwitch(null).getValue("quarkus.otel.sdk.disabled"));
        assertEquals("true", new TracingSwitch("  ").getValue("quarkus.otel.sdk.disabled"));
        assertEquals("false", new TracingSwitch("http://collector:4318").getValue("quarkus.otel.sdk.disabled"));
        assertNull(new TracingSwitch("http://collector:4318").getValue("quarkus.otel.exporter.otlp.traces.endpoint"));
        assertTrue(new TracingSwitch(null).getOrdinal() < 300, "an explicit QUARKUS_OTEL_SDK_DISABLED still wins");
    }
}
