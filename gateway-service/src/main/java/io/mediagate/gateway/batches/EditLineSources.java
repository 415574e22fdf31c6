package io.mediagate.gateway.batches;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.ImageSources;
import io.mediagate.gateway.generation.RequestFields;
import io.mediagate.gateway.support.JsonBody;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The images of a {@code /v1/images/edits} batch line, in the JSON form of OpenAI's edit request: {@code images}, an array
 * of 1 to {@value #MAX_IMAGES} references, and an optional {@code mask}, each {@code {"image_url": "https://…"}} or
 * {@code {"file_id": "med_…"}} (one of this suite's media items: an upload or a result). Files cannot travel in a JSONL
 * line, so a line names its images and routing brings them when the line runs: a URL through its SSRF-checked fetch, a
 * media id under the caller's visibility rules. Both are taken out of the body, which is then checked as the synchronous
 * edit's fields are. A quote of an edit or a variation names its images the same way.
 */
public final class EditLineSources {
    static final int MAX_IMAGES = 16;
    private static final Pattern MEDIA_ID = Pattern.compile("med_[A-Za-z0-9]{8,60}");

    private EditLineSources() {
    }

    /** The line's sources, removed from {@code fields}; a missing or malformed reference is a 400 naming it. */
    public static ImageSources take(ObjectNode fields) {
        return take(fields, ImageSources.EDIT);
    }

    /** As {@link #take(ObjectNode)}, for {@code operation}: an edit, or a variation (one image, no mask). */
    public static ImageSources take(ObjectNode fields, String operation) {
        if (fields.has("image")) {
            throw ApiException.invalid("image", "an edit in JSON names its images as images: [{\"image_url\": \"https://…\"} or "
                    + "{\"file_id\": \"med_…\"}]");
        }
        boolean variation = ImageSources.VARIATION.equals(operation);
        if (variation && (fields.has("mask") || fields.path("images").size() > 1)) {
            throw ApiException.invalid(fields.has("mask") ? "mask" : "images", "a variation is made of one image and takes no mask");
        }
        JsonNode images = fields.remove("images");
        if (!(images instanceof ArrayNode list) || list.isEmpty()) {
            throw ApiException.invalid("images", "images is required: an array of 1 to " + MAX_IMAGES + " {\"image_url\"} or {\"file_id\"} objects");
        }
        if (list.size() > MAX_IMAGES) {
            throw ApiException.invalid("images", "at most " + MAX_IMAGES + " images may be sent");
        }
        List<String> refs = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            refs.add(reference(list.get(i), "images[" + i + "]"));
        }
        JsonNode mask = fields.remove("mask");
        return new ImageSources(operation, refs, mask == null || mask.isNull() ? null : reference(mask, "mask"));
    }

    /** An https (or http) URL, or a media id. */
    private static String reference(JsonNode node, String param) {
        if (!(node instanceof ObjectNode ref) || ref.size() != 1 || !(ref.has("image_url") || ref.has("file_id"))) {
            throw ApiException.invalid(param, param + " must be {\"image_url\": \"https://…\"} or {\"file_id\": \"med_…\"}");
        }
        if (ref.has("file_id")) {
            JsonNode id = ref.get("file_id");
            if (!id.isTextual() || !MEDIA_ID.matcher(id.asText()).matches()) {
                throw ApiException.invalid(param + ".file_id", param + ".file_id must be the id of one of your media items (med_…)");
            }
            return id.asText();
        }
        JsonNode url = ref.get("image_url");
        if (url.isTextual() && url.asText().regionMatches(true, 0, "data:", 0, 5)) {
            throw ApiException.invalid(param + ".image_url", param + ".image_url may not be a data URL in a batch: upload the image "
                    + "(POST /v1/media/upload) and name it by file_id, or give an https URL");
        }
        try {
            return RequestFields.url(JsonBody.of(ref), "image_url")
                    .orElseThrow(() -> ApiException.invalid("image_url", "image_url must be an absolute https URL"));
        } catch (ApiException e) {
            throw ApiException.invalid(param + ".image_url", param + "." + e.getMessage());
        }
    }
}
