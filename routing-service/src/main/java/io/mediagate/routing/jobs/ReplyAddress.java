package io.mediagate.routing.jobs;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * Where a Kafka request-reply requestor waits: its reply topic and correlation id (kept base64 in the
 * job so a video's reply can be sent when the pipeline ends, by whichever replica sees it end).
 */
public record ReplyAddress(String topic, String correlation) {
    /** The header of a request-reply message that carries the requestor's correlation id. */
    public static final String CORRELATION_HEADER = "REPLY_CORRELATION_ID";
    /** The header of a request that names the topic its reply goes to. */
    public static final String TOPIC_HEADER = "REPLY_TOPIC";

    /** The address in a request's headers, or null when the request expects no reply. */
    public static ReplyAddress of(Headers headers) {
        Header topic = headers.lastHeader(TOPIC_HEADER);
        Header correlation = headers.lastHeader(CORRELATION_HEADER);
        if (topic == null || correlation == null) {
            return null;
        }
        return new ReplyAddress(new String(topic.value(), StandardCharsets.UTF_8),
                Base64.getEncoder().encodeToString(correlation.value()));
    }

    /** The correlation id as the requestor sent it. */
    public byte[] correlationBytes() {
        return Base64.getDecoder().decode(correlation);
    }
}
