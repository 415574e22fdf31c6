package io.mediagate.common.tracing;

import java.nio.charset.StandardCharsets;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/** Kafka record headers as {@link Tracing} reads and writes them (UTF-8 values, one of each name). */
public final class KafkaTraceHeaders {
    private KafkaTraceHeaders() {
    }

    public static Function<String, String> reader(Headers headers) {
        return name -> {
            Header header = headers == null ? null : headers.lastHeader(name);
            return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
        };
    }

    public static BiConsumer<String, String> writer(Headers headers) {
        return (name, value) -> headers.remove(name).add(name, value.getBytes(StandardCharsets.UTF_8));
    }
}
