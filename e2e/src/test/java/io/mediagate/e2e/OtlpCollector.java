package io.mediagate.e2e;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;

/**
 * An OTLP/HTTP trace receiver of the test's own: decodes every {@code ExportTraceServiceRequest} the
 * services post (protobuf, gzipped or not) into plain spans.
 */
final class OtlpCollector implements AutoCloseable {
    record Span(String service, String traceId, String spanId, String parentId, String name, String kind,
                Map<String, String> attributes) {}

    private final HttpServer server;
    private final List<Span> spans = new CopyOnWriteArrayList<>();
    private final List<String> paths = new CopyOnWriteArrayList<>();

    private OtlpCollector(HttpServer server) {
        this.server = server;
    }

    static OtlpCollector start() throws IOException {
        OtlpCollector collector = new OtlpCollector(HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0));
        collector.server.createContext("/", exchange -> {
            try (exchange) {
                collector.paths.add(exchange.getRequestURI().getPath());
                InputStream body = exchange.getRequestBody();
                if ("gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
                    body = new GZIPInputStream(body);
                }
                collector.collect(ExportTraceServiceRequest.parseFrom(body.readAllBytes()));
                byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
                exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, answer.length == 0 ? -1 : answer.length);
                exchange.getResponseBody().write(answer);
            } catch (IOException | RuntimeException e) {
                exchange.sendResponseHeaders(400, -1);
            }
        });
        collector.server.start();
        return collector;
    }

    /** The base URL the services are given as {@code MEDIAGATE_OTLP_ENDPOINT}. */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    List<String> paths() {
        return List.copyOf(paths);
    }

    List<String> traceIds() {
        return spans.stream().map(Span::traceId).distinct().toList();
    }

    List<Span> trace(String traceId) {
        return spans.stream().filter(s -> s.traceId().equals(traceId)).toList();
    }

    private void collect(ExportTraceServiceRequest request) {
        HexFormat hex = HexFormat.of();
        for (ResourceSpans resource : request.getResourceSpansList()) {
            String service = attributes(resource.getResource().getAttributesList()).getOrDefault("service.name", "?");
            for (ScopeSpans scope : resource.getScopeSpansList()) {
                for (var span : scope.getSpansList()) {
                    spans.add(new Span(service, hex.formatHex(span.getTraceId().toByteArray()),
                            hex.formatHex(span.getSpanId().toByteArray()), hex.formatHex(span.getParentSpanId().toByteArray()),
                            span.getName(), span.getKind().name(), attributes(span.getAttributesList())));
                }
            }
        }
    }

    private static Map<String, String> attributes(List<KeyValue> list) {
        return list.stream().collect(Collectors.toMap(KeyValue::getKey, kv -> kv.getValue().getStringValue(), (a, b) -> b));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
