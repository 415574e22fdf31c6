package io.mediagate.gateway.generation;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.gateway.idempotency.Fingerprint;

/**
 * What of a request its quote holds it to: everything that chooses its offers or sets its price (the model, where it is routed,
 * the prompt, the shape, the count, a video's length and source, the image options, the model's extras, and how many pictures it
 * starts from), and nothing that does not (its response format, visibility, webhook, whether it streams). A quote made from an
 * edit's JSON form and the multipart edit it was for have the same terms: pictures count by number, not by bytes.
 */
public final class QuotedTerms {
    private QuotedTerms() {
    }

    public static String of(ObjectMapper json, GenerationRequest r) {
        ObjectNode terms = json.createObjectNode();
        terms.put("kind", r.kind().wire());
        terms.put("model", r.model());
        terms.put("provider", r.provider());
        terms.put("routing", r.routing());
        terms.put("prompt", r.prompt());
        terms.put("size", r.size() == null ? null : r.size().label());
        terms.put("aspectRatio", r.aspectRatio());
        terms.put("resolution", r.resolution());
        terms.put("n", r.n());
        terms.put("duration", r.duration());
        terms.set("options", json.valueToTree(r.options().asked()));
        terms.set("extras", json.valueToTree(r.extras()));
        terms.put("operation", r.operation());
        if (r.sources() != null) {
            terms.put("sources", r.sources().operation());
            terms.put("pictures", r.sources().images().size());
            terms.put("mask", r.sources().mask() != null);
        }
        terms.put("image", r.imageUrl() != null);
        terms.put("lastFrame", r.lastFrameUrl() != null);
        terms.put("references", r.referenceImageUrls() == null ? 0 : r.referenceImageUrls().size());
        terms.put("video", r.videoId() != null ? r.videoId() : r.videoUrl());
        terms.put("modelUpgrades", r.modelUpgrades());
        return Fingerprint.of("quote").fields(terms).hex();
    }
}
