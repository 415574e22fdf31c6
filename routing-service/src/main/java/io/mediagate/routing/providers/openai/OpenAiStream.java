package io.mediagate.routing.providers.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * OpenAI's streamed image answer ({@code stream: true} with {@code partial_images}): server-sent events
 * {@code image_generation.partial_image} / {@code image_edit.partial_image} ({@code b64_json}, {@code partial_image_index}),
 * handed on to the job as they come, then {@code …completed} per image ({@code b64_json}, {@code quality},
 * {@code background}, {@code output_format}, {@code usage}); an {@code error} event mid-stream fails the call as OpenAI's
 * error object says (moderation ends the request; anything else may be retried elsewhere).
 */
final class OpenAiStream {
    private static final ObjectMapper JSON = new ObjectMapper();

    private OpenAiStream() {
    }

    /** The images of a streamed answer, its partial images handed to {@code control} on the way. */
    static List<GeneratedImage> read(InputStream body, String provider, TaskControl control) {
        List<GeneratedImage> images = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            StringBuilder data = new StringBuilder();
            String event = null;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isEmpty()) {
                    if (!data.isEmpty()) {
                        handle(event, data.toString(), provider, control, images);
                    }
                    data.setLength(0);
                    event = null;
                } else if (line.startsWith("event:")) {
                    event = line.substring(6).trim();
                } else if (line.startsWith("data:")) {
                    data.append(data.isEmpty() ? "" : "\n").append(line.substring(5).stripLeading());
                }
            }
            if (!data.isEmpty()) {
                handle(event, data.toString(), provider, control, images);
            }
        } catch (IOException e) {
            throw ProviderException.failed(provider + "'s image stream broke off: " + e.getMessage());
        }
        if (images.isEmpty()) {
            throw ProviderException.failed(provider + "'s image stream ended without an image");
        }
        return images;
    }

    private static void handle(String event, String data, String provider, TaskControl control, List<GeneratedImage> images)
            throws IOException {
        if (data.equals("[DONE]")) {
            return;
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
        byte[] image = node.hasNonNull("b64_json") ? Base64.getDecoder().decode(node.path("b64_json").asText()) : null;
        if (type.endsWith(".partial_image") && image != null) {
            control.partial(node.path("partial_image_index").asInt(), image, mime);
        } else if (type.endsWith(".completed") && image != null) {
            @SuppressWarnings("unchecked")
            Map<String, Object> usage = node.has("usage") ? JSON.convertValue(node.path("usage"), Map.class) : null;
            images.add(new GeneratedImage(image, mime, null, new GeneratedImage.Made(node.path("quality").asText(null),
                    node.path("background").asText(null), usage)));
        }
    }
}
