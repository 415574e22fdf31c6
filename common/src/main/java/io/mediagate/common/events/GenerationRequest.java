package io.mediagate.common.events;

import java.time.Instant;
import java.util.Map;

/**
 * A validated generation request on {@code generation.requests}, from the gateway to routing.
 * {@code jobId} is the idempotency key: a redelivered request never runs twice. {@code videoUrl} or
 * {@code videoId} name the source of a video variation; {@code webhookUrl} is told when the job ends.
 * {@code sources} (null for a plain generation) names the images of an image edit or variation.
 * {@code keyId} is the API key it came with (null for the administrator key), for spend per key.
 */
public record GenerationRequest(
        String jobId,
        String requestId,
        String userId,
        String tier,
        MediaKind kind,
        String model,
        String provider,
        String routing,
        String prompt,
        String size,
        int n,
        Double duration,
        String imageUrl,
        String videoUrl,
        String videoId,
        String webhookUrl,
        boolean isPublic,
        String responseFormat,
        Map<String, Object> extras,
        Instant acceptedAt,
        ImageSources sources,
        String keyId) {
}
