package io.mediagate.routing.providers.comfyui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Multipart;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.UpstreamJob;
import io.mediagate.routing.providers.WireJson;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A self-hosted ComfyUI server ({@code adapter: comfyui}). Each offer names a workflow template (option
 * {@code workflow}: a file path, or a template shipped here, {@code sdxl-basic} by default) in ComfyUI's API
 * format; string values {@code "{{prompt}}"}, {@code "{{seed}}"}, {@code "{{width}}"}, {@code "{{height}}"},
 * {@code "{{batch}}"} and {@code "{{checkpoint}}"} are replaced with typed values. Queued with
 * {@code POST /prompt}, watched at {@code /history/{id}}, images read from {@code /view} on the same server. Edits
 * upload their files first and run an edit workflow ({@link #edit}).
 */
public class ComfyUiImageGenerator implements ImageGenerator, ImageEditor {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Upstream upstream;

    public ComfyUiImageGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        return run(provider, Upstream.base(provider, null), fill(template(task.option("workflow", "sdxl-basic")), task, Map.of()), task);
    }

    /**
     * Uploads the first source (and the mask) to ComfyUI's input folder ({@code POST /upload/image}), then runs the
     * offer's edit workflow: {@code edit_workflow} (default {@code sdxl-img2img}), or with a mask
     * {@code inpaint_workflow} (default {@code sdxl-inpaint}, which reads our mask's alpha: transparent changes). Their
     * templates also take {@code "{{image}}"}, {@code "{{mask}}"} and {@code "{{denoise}}"} (the offer's
     * {@code denoising_strength}; default 0.75 for image to image, 1.0 inside a mask).
     */
    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        String base = Upstream.base(provider, null);
        Map<String, JsonNode> inputs = new HashMap<>();
        inputs.put("{{image}}", TextNode.valueOf(upload(provider, base, images.getFirst())));
        String workflow = task.option("edit_workflow", "sdxl-img2img");
        String denoise = "0.75";
        if (mask != null) {
            inputs.put("{{mask}}", TextNode.valueOf(upload(provider, base, mask)));
            workflow = task.option("inpaint_workflow", "sdxl-inpaint");
            denoise = "1.0";
        }
        inputs.put("{{denoise}}", DoubleNode.valueOf(Double.parseDouble(task.option("denoising_strength", denoise))));
        return run(provider, base, fill(template(workflow), task, inputs), task);
    }

    /** The name ComfyUI gives an uploaded file in its input folder, as a LoadImage node takes it. */
    private String upload(ProviderSpec provider, String base, SourceImage file) {
        Multipart form = new Multipart().file("image", "mediagate_" + UUID.randomUUID() + "." + ContentSniffer.extension(file.mime()),
                file.mime(), file.bytes()).field("overwrite", "true");
        HttpResponse<byte[]> response = upstream.send(provider, upstream.request(base + "/upload/image")
                .header("Content-Type", form.contentType()).POST(HttpRequest.BodyPublishers.ofByteArray(form.bytes())).build());
        if (response.statusCode() != 200) {
            throw upstream.failure(provider, response, null);
        }
        ComfyUiWire.Uploaded uploaded = WireJson.read(provider, upstream.object(provider, response), ComfyUiWire.Uploaded.class);
        if (uploaded.name() == null) {
            throw ProviderException.failed(provider.id() + " answered an upload without its name");
        }
        return uploaded.loadName();
    }

    /**
     * Queues the workflow and waits for its files. A streamed job asking for partial images listens to the server's live
     * previews while it runs ({@link ComfyUiPreviews}; the offer's {@code preview_method}, {@code auto} by default).
     */
    private List<GeneratedImage> run(ProviderSpec provider, String base, ObjectNode graph, ImageTask task) {
        String clientId = UUID.randomUUID().toString();
        try (ComfyUiPreviews previews = ComfyUiPreviews.open(upstream, provider, base, clientId, task.control())) {
            return files(provider, base, wait(provider, base, graph, clientId, previews, task), task);
        }
    }

    private List<ComfyUiWire.FileRef> wait(ProviderSpec provider, String base, ObjectNode graph, String clientId, ComfyUiPreviews previews,
                                           ImageTask task) {
        ComfyUiWire.Prompt prompt = new ComfyUiWire.Prompt(graph, clientId,
                previews.listening() ? new ComfyUiWire.ExtraData(task.option("preview_method", "auto")) : null);
        return upstream.run(provider, task.control(), new UpstreamJob<>() {
            @Override
            public String submit() {
                HttpResponse<byte[]> response = upstream.send(provider, upstream.postJson(base + "/prompt", prompt).build());
                if (response.statusCode() != 200) {
                    // A 400 is the workflow failing ComfyUI's validation: our configuration, not the caller's input.
                    JsonNode error = upstream.read(response.body());
                    throw ProviderException.failed(provider.id() + " refused the workflow: "
                            + (error == null ? response.statusCode() : Shapes.text(error.path("error"), "message")));
                }
                String id = WireJson.read(provider, upstream.object(provider, response), ComfyUiWire.Queued.class).promptId();
                if (id == null) {
                    throw ProviderException.failed(provider.id() + " queued the workflow without a prompt_id");
                }
                previews.promptId(id);
                return id;
            }

            @Override
            public Poller.Poll<List<ComfyUiWire.FileRef>> poll(String id) {
                return history(provider, base, id);
            }

            @Override
            public void cancel(String id) {
                upstream.send(provider, upstream.postJson(base + "/queue", new ComfyUiWire.QueueDelete(List.of(id))).build());
            }
        });
    }

    private List<GeneratedImage> files(ProviderSpec provider, String base, List<ComfyUiWire.FileRef> files, ImageTask task) {
        List<GeneratedImage> images = new ArrayList<>();
        for (ComfyUiWire.FileRef file : files.subList(0, Math.min(files.size(), task.n()))) {
            String query = "filename=" + enc(file.filename()) + "&subfolder=" + enc(file.subfolder()) + "&type=" + enc(file.type());
            HttpResponse<byte[]> view = upstream.send(provider, upstream.request(base + "/view?" + query).GET().build());
            if (view.statusCode() != 200) {
                throw ProviderException.failed(provider.id() + " could not serve its output (" + view.statusCode() + ")");
            }
            images.add(Shapes.bytes(provider, view.body(), null));
        }
        return images;
    }

    private Poller.Poll<List<ComfyUiWire.FileRef>> history(ProviderSpec provider, String base, String id) {
        HttpResponse<byte[]> response = upstream.send(provider, upstream.request(base + "/history/" + id).GET().build());
        if (response.statusCode() != 200) {
            throw upstream.failure(provider, response, null);
        }
        return ComfyUiWire.history(provider, upstream.object(provider, response), id);
    }

    static ObjectNode template(String name) {
        try {
            if (name.contains("/")) {
                return (ObjectNode) JSON.readTree(Files.readAllBytes(Path.of(name)));
            }
            try (InputStream in = ComfyUiImageGenerator.class.getResourceAsStream("/comfyui/" + name + ".json")) {
                if (in == null) {
                    throw ProviderException.failed("no ComfyUI workflow template named " + name);
                }
                return (ObjectNode) JSON.readTree(in);
            }
        } catch (IOException | ClassCastException e) {
            throw ProviderException.failed("the ComfyUI workflow template " + name + " is not a JSON object");
        }
    }

    /** Replaces the placeholders of the template with the task's values, typed, and with {@code inputs}. */
    static ObjectNode fill(ObjectNode graph, ImageTask task, Map<String, JsonNode> inputs) {
        Object seed = task.params().get("seed");
        Map<String, JsonNode> values = new HashMap<>(inputs);
        values.putAll(Map.of(
                "{{prompt}}", TextNode.valueOf(task.prompt()),
                "{{seed}}", LongNode.valueOf(seed instanceof Number n ? n.longValue() : ThreadLocalRandom.current().nextLong(1L << 48)),
                "{{width}}", IntNode.valueOf(task.width()),
                "{{height}}", IntNode.valueOf(task.height()),
                "{{batch}}", IntNode.valueOf(task.n()),
                "{{checkpoint}}", TextNode.valueOf(task.option("checkpoint", "sd_xl_base_1.0.safetensors"))));
        replace(graph, values);
        return graph;
    }

    private static void replace(JsonNode node, Map<String, JsonNode> values) {
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode child = object.get(name);
                if (child.isTextual() && values.containsKey(child.asText())) {
                    object.set(name, values.get(child.asText()));
                } else {
                    replace(child, values);
                }
            }
        } else if (node != null && node.isArray()) {
            node.forEach(child -> replace(child, values));
        }
    }

    private static String enc(String v) {
        return URLEncoder.encode(v == null ? "" : v, StandardCharsets.UTF_8);
    }
}
