package io.mediagate.routing.providers.a1111;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.WireJson;
import java.util.List;
import java.util.Map;

/**
 * AUTOMATIC1111's (and Forge's) {@code --api} wire, no I/O, as its FastAPI models name it
 * ({@code StableDiffusionTxt2ImgProcessingAPI}, {@code StableDiffusionImg2ImgProcessingAPI}, {@code TextToImageResponse}):
 * the body from our task and the answer's {@code images}, base64.
 */
final class A1111Wire {
    private A1111Wire() {
    }

    /**
     * {@code POST /sdapi/v1/txt2img} or {@code img2img}. The offer's options give {@code steps} (default 25), the sampler
     * and the checkpoint; a request's parameter of the same name ({@code seed}, {@code steps}, ...) is sent in their place,
     * and the rest of its parameters beside them.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Request(String prompt, int width, int height, @JsonProperty("batch_size") int batchSize, Object steps, Object seed,
                   @JsonProperty("sampler_name") Object samplerName,
                   @JsonProperty("override_settings") Object overrideSettings,
                   @JsonProperty("init_images") List<String> initImages, String mask,
                   @JsonProperty("denoising_strength") Object denoisingStrength,
                   @JsonAnyGetter Map<String, Object> extra) {
        /** The same body for {@code img2img}: the first source, the mask in A1111's convention, how far it may stray. */
        Request toEdit(ImageTask task, SourceImage init, SourceImage mask) {
            return new Request(prompt, width, height, batchSize, steps, seed, samplerName, overrideSettings, List.of(init.base64()),
                    mask == null ? null : mask.whiteWhereTransparent().base64(),
                    task.params().getOrDefault("denoising_strength", Double.parseDouble(task.option("denoising_strength", "0.75"))),
                    extra);
        }
    }

    /** {@code TextToImageResponse} and {@code ImageToImageResponse}: the fields read of them. */
    record Answer(List<String> images) {}

    /** {@code txt2img}'s body: a random seed ({@code -1}) unless the request names one. */
    static Request request(ImageTask task) {
        Map<String, Object> params = task.params();
        String checkpoint = task.option("checkpoint", null);
        return new Request(task.prompt(), task.width(), task.height(), task.n(),
                params.getOrDefault("steps", Integer.parseInt(task.option("steps", "25"))),
                params.getOrDefault("seed", -1),
                params.getOrDefault("sampler_name", task.option("sampler", null)),
                params.getOrDefault("override_settings", checkpoint == null ? null : Map.of("sd_model_checkpoint", checkpoint)),
                null, null, null, WireJson.extra(params, Request.class));
    }
}
