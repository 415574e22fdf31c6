package io.mediagate.routing.providers.comfyui;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.WireJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * ComfyUI's server wire, no I/O, as its {@code server.py} routes answer: a queued prompt (the workflow graph is the
 * offer's own template, so it stays a JSON tree), the uploaded file's name, and a prompt's history entry with its
 * status and output files.
 */
final class ComfyUiWire {
    private ComfyUiWire() {
    }

    /** {@code POST /prompt}: the graph, our client id (previews go to it), and the preview method when we listen. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Prompt(ObjectNode prompt, @JsonProperty("client_id") String clientId, @JsonProperty("extra_data") ExtraData extraData) {}

    record ExtraData(@JsonProperty("preview_method") String previewMethod) {}

    /** {@code POST /prompt}'s answer: the fields read of it. */
    record Queued(@JsonProperty("prompt_id") String promptId) {}

    /** {@code POST /queue}: prompts taken off the queue. */
    record QueueDelete(List<String> delete) {}

    /** {@code POST /upload/image}'s answer. */
    record Uploaded(String name, String subfolder) {
        /** The name a LoadImage node takes: in its subfolder when it has one. */
        String loadName() {
            return subfolder == null || subfolder.isEmpty() ? name : subfolder + "/" + name;
        }
    }

    /** A prompt's {@code status_str}; one this version does not know reads as {@code UNKNOWN}. */
    enum Outcome {
        @JsonProperty("success") SUCCESS,
        @JsonProperty("error") ERROR,
        @JsonEnumDefaultValue UNKNOWN
    }

    /** {@code GET /history/{id}}'s entry for the prompt: the fields read of it. */
    record Entry(Status status, Map<String, NodeOutput> outputs) {}

    record Status(@JsonProperty("status_str") Outcome outcome, boolean completed) {}

    record NodeOutput(List<FileRef> images) {}

    /** A file a node wrote: {@code type} {@code output} for a saved image ({@code temp} for a preview). */
    record FileRef(String filename, String subfolder, String type) {}

    /** One look at {@code GET /history/{id}}: not there yet or running, failed, or the saved images. */
    static Poller.Poll<List<FileRef>> history(ProviderSpec provider, JsonNode answer, String id) {
        JsonNode found = answer.get(id);
        if (found == null) {
            return Poller.pending(null);
        }
        Entry entry = WireJson.read(provider, found, Entry.class);
        Status status = entry.status();
        if (status != null && status.outcome() == Outcome.ERROR) {
            return Poller.failed(ProviderException.failed(provider.id() + " failed to run the workflow"));
        }
        if (status == null || !status.completed()) {
            return Poller.pending(null);
        }
        List<FileRef> files = new ArrayList<>();
        for (NodeOutput node : entry.outputs() == null ? List.<NodeOutput>of() : entry.outputs().values()) {
            for (FileRef file : node == null || node.images() == null ? List.<FileRef>of() : node.images()) {
                if (file != null && "output".equals(file.type())) {
                    files.add(file);
                }
            }
        }
        if (files.isEmpty()) {
            throw ProviderException.failed(provider.id() + " finished without output images");
        }
        return Poller.done(files);
    }
}
