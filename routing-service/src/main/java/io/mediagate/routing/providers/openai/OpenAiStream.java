package io.mediagate.routing.providers.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * OpenAI's streamed image answer ({@code stream: true} with {@code partial_images}): server-sent events
 * {@code image_generation.partial_image} / {@code image_edit.partial_image} ({@code b64_json}, {@code partial_image_index}),
 * handed on to the job as they come, then {@code …completed} per image ({@code b64_json}, {@code quality},
 * {@code background}, {@code output_format}, {@code usage}); an {@code error} event mid-stream fails the call as OpenAI's
 * error object says (moderation ends the request; anything else may be retried elsewhere). The answer is read within
 * bounds, as any provider's answer is outside input: a line (an event's data) of at most {@link #MAX_LINE} bytes, no more
 * partial images handed on than were asked for (and never more than {@link #MAX_PARTIALS}), no more images than asked
 * for, and a stream carrying many more partials than any request asks ({@link #MAX_PARTIAL_EVENTS}) or more events than
 * an answer has ({@link #MAX_EVENTS}) fails as the provider's fault.
 */
final class OpenAiStream {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Longest line, hence event: a completed image's base64 (the largest image taken from a provider is 64 MiB raw). */
    static final int MAX_LINE = 48 * 1024 * 1024;
    /** Most partial images handed on, whatever is asked: OpenAI's {@code partial_images} goes to 3. */
    static final int MAX_PARTIALS = 3;
    /** Partial image events past which the stream is not OpenAI's answer to us. */
    static final int MAX_PARTIAL_EVENTS = 16;
    /** Events past which the stream is not an answer to one request. */
    static final int MAX_EVENTS = 1_000;

    private OpenAiStream() {
    }

    /** What one stream has given so far. */
    private static final class Reading {
        final List<GeneratedImage> images = new ArrayList<>();
        final int expected;
        final int partialsWanted;
        int partialEvents;
        int partialsHanded;
        int events;

        Reading(int expected, int partialsWanted) {
            this.expected = expected;
            this.partialsWanted = partialsWanted;
        }
    }

    /** The images of a streamed answer ({@code expected} of them at most), its partial images handed to {@code control} on the way. */
    static List<GeneratedImage> read(InputStream body, String provider, int expected, TaskControl control) {
        Reading reading = new Reading(expected, Math.min(Math.max(control.partialImages(), 0), MAX_PARTIALS));
        try (InputStream in = new BufferedInputStream(body, 64 * 1024)) {
            SseLines lines = new SseLines(in, MAX_LINE);
            StringBuilder data = new StringBuilder();
            String event = null;
            for (String line = lines.next(); line != null; line = lines.next()) {
                if (line.isEmpty()) {
                    if (!data.isEmpty()) {
                        handle(event, data.toString(), provider, control, reading);
                    }
                    data.setLength(0);
                    event = null;
                } else if (line.startsWith("event:")) {
                    event = line.substring(6).trim();
                } else if (line.startsWith("data:")) {
                    if (data.length() + line.length() > MAX_LINE) {
                        throw new SseLines.TooLong(MAX_LINE);
                    }
                    data.append(data.isEmpty() ? "" : "\n").append(line.substring(5).stripLeading());
                }
            }
            if (!data.isEmpty()) {
                handle(event, data.toString(), provider, control, reading);
            }
        } catch (SseLines.TooLong e) {
            throw ProviderException.failed(provider + "'s image stream carried " + e.getMessage());
        } catch (IOException e) {
            throw ProviderException.failed(provider + "'s image stream broke off: " + e.getMessage());
        }
        if (reading.images.isEmpty()) {
            throw ProviderException.failed(provider + "'s image stream ended without an image");
        }
        return reading.images;
    }

    private static void handle(String event, String data, String provider, TaskControl control, Reading reading)
            throws IOException {
        if (data.equals("[DONE]")) {
            return;
        }
        if (++reading.events > MAX_EVENTS) {
            throw ProviderException.failed(provider + "'s image stream carried more than " + MAX_EVENTS + " events");
        }
        JsonNode node = JSON.readTree(data);
        String type = node.path("type").asText(event == null ? "" : event);
        if (type.equals("error") || node.has("error")) {
            JsonNode error = node.path("error");
            String message = error.path("message").asText(provider + " failed mid-stream");
            throw "moderation_blocked".equals(error.path("code").asText()) ? ProviderException.moderated(message)
                    : ProviderException.failed(provider + ": " + message);
        }
        ImageOptions.Format format = ImageOptions.Format.of(node.path("output_format").asText("png"));
        String mime = format == null ? ImageOptions.Format.PNG.mime() : format.mime();
        if (type.endsWith(".partial_image")) {
            if (++reading.partialEvents > MAX_PARTIAL_EVENTS) {
                throw ProviderException.failed(provider + "'s image stream carried more than " + MAX_PARTIAL_EVENTS + " partial images");
            }
            if (reading.partialsHanded < reading.partialsWanted && node.hasNonNull("b64_json")) {
                reading.partialsHanded++; // decoded only when it is handed on: the rest are not asked for
                control.partial(node.path("partial_image_index").asInt(), decode(provider, node), mime);
            }
        } else if (type.endsWith(".completed") && node.hasNonNull("b64_json")) {
            if (reading.images.size() >= reading.expected) {
                throw ProviderException.failed(provider + "'s image stream carried more than the " + reading.expected + " images asked for");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> usage = node.has("usage") ? JSON.convertValue(node.path("usage"), Map.class) : null;
            // each completed image carries the usage of its own making
            reading.images.add(new GeneratedImage(decode(provider, node), mime, null, new GeneratedImage.Made(node.path("quality").asText(null),
                    node.path("background").asText(null), usage, OpenAiUsage.tokens(usage), null)));
        }
    }

    private static byte[] decode(String provider, JsonNode node) {
        try {
            return Base64.getDecoder().decode(node.path("b64_json").asText());
        } catch (IllegalArgumentException e) {
            throw ProviderException.failed(provider + "'s image stream carried an image that is not base64");
        }
    }
}
