package io.mediagate.routing.providers;

import io.mediagate.routing.providers.a1111.A1111ImageGenerator;
import io.mediagate.routing.providers.azure.AzureOpenAiEndpoint;
import io.mediagate.routing.providers.bedrock.BedrockImageGenerator;
import io.mediagate.routing.providers.bedrock.BedrockVideoGenerator;
import io.mediagate.routing.providers.bfl.BflImageGenerator;
import io.mediagate.routing.providers.comfyui.ComfyUiImageGenerator;
import io.mediagate.routing.providers.fake.FakeImageGenerator;
import io.mediagate.routing.providers.fake.FakeVideoGenerator;
import io.mediagate.routing.providers.fal.FalGenerator;
import io.mediagate.routing.providers.gemini.GeminiImageGenerator;
import io.mediagate.routing.providers.ideogram.IdeogramImageGenerator;
import io.mediagate.routing.providers.local.LocalImageGenerator;
import io.mediagate.routing.providers.local.LocalVideoGenerator;
import io.mediagate.routing.providers.kling.KlingVideoGenerator;
import io.mediagate.routing.providers.luma.LumaVideoGenerator;
import io.mediagate.routing.providers.minimax.MiniMaxVideoGenerator;
import io.mediagate.routing.providers.openai.OpenAiImageGenerator;
import io.mediagate.routing.providers.recraft.RecraftImageGenerator;
import io.mediagate.routing.providers.replicate.ReplicateGenerator;
import io.mediagate.routing.providers.runway.RunwayVideoGenerator;
import io.mediagate.routing.providers.stability.StabilityImageGenerator;
import io.mediagate.routing.providers.veo.VeoVideoGenerator;
import io.mediagate.routing.providers.vidu.ViduVideoGenerator;
import io.mediagate.routing.providers.xai.XaiImageGenerator;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Which code talks to a provider, by the catalog's {@code adapter} name. Wired explicitly. */
@ApplicationScoped
public class Adapters {
    /** Runway asks clients to poll a task no more often than about every 5 s. */
    static final Duration RUNWAY_POLL_FLOOR = Duration.ofSeconds(5);
    private final Map<String, ImageGenerator> imageGenerators;
    private final Map<String, VideoGenerator> videoGenerators;
    private final Map<String, ImageEditor> imageEditors;
    private final Map<String, ImageVariator> imageVariators;

    Adapters(LocalImageGenerator local, FakeImageGenerator fake,
             LocalVideoGenerator localVideo, FakeVideoGenerator fakeVideo, Upstream upstream,
             @ConfigProperty(name = "mediagate.providers.azure-openai.api-version", defaultValue = "2025-04-01-preview") String azureApiVersion) {
        ReplicateGenerator replicate = new ReplicateGenerator(upstream);
        FalGenerator fal = new FalGenerator(upstream);
        BflImageGenerator bfl = new BflImageGenerator(upstream);
        StabilityImageGenerator stability = new StabilityImageGenerator(upstream);
        OpenAiImageGenerator openai = new OpenAiImageGenerator(upstream, OpenAiImageGenerator.OPENAI_BASE);
        OpenAiImageGenerator openaiCompatible = new OpenAiImageGenerator(upstream, (String) null);
        XaiImageGenerator xai = new XaiImageGenerator(upstream);
        GeminiImageGenerator gemini = new GeminiImageGenerator(upstream);
        IdeogramImageGenerator ideogram = new IdeogramImageGenerator(upstream);
        RecraftImageGenerator recraft = new RecraftImageGenerator(upstream);
        A1111ImageGenerator a1111 = new A1111ImageGenerator(upstream);
        ComfyUiImageGenerator comfyui = new ComfyUiImageGenerator(upstream);
        Function<String, Optional<String>> settings = name -> ConfigProvider.getConfig().getOptionalValue(name, String.class);
        OpenAiImageGenerator azure = new OpenAiImageGenerator(upstream, new AzureOpenAiEndpoint(azureApiVersion, settings));
        BedrockImageGenerator bedrock = new BedrockImageGenerator(upstream, settings);
        this.imageGenerators = Map.ofEntries(Map.entry("local", local), Map.entry("fake", fake),
                Map.entry("openai", openai), Map.entry("openai-compatible", openaiCompatible), Map.entry("azure-openai", azure),
                Map.entry("bfl", bfl), Map.entry("xai", xai), Map.entry("gemini", gemini),
                Map.entry("ideogram", ideogram), Map.entry("recraft", recraft), Map.entry("replicate", replicate), Map.entry("fal", fal),
                Map.entry("stability", stability), Map.entry("a1111", a1111),
                Map.entry("comfyui", comfyui), Map.entry("bedrock", bedrock));
        this.videoGenerators = Map.ofEntries(Map.entry("local", localVideo), Map.entry("fake", fakeVideo),
                Map.entry("replicate", replicate), Map.entry("fal", fal),
                Map.entry("runway", new RunwayVideoGenerator(upstream, RUNWAY_POLL_FLOOR)),
                Map.entry("luma", new LumaVideoGenerator(upstream)), Map.entry("veo", new VeoVideoGenerator(upstream)),
                Map.entry("minimax", new MiniMaxVideoGenerator(upstream)),
                Map.entry("kling", new KlingVideoGenerator(upstream, settings)), Map.entry("vidu", new ViduVideoGenerator(upstream)),
                Map.entry("bedrock", new BedrockVideoGenerator(upstream, settings)));
        this.imageEditors = Map.ofEntries(Map.entry("local", local), Map.entry("fake", fake), Map.entry("openai", openai),
                Map.entry("openai-compatible", openaiCompatible), Map.entry("azure-openai", azure), Map.entry("stability", stability),
                Map.entry("bfl", bfl), Map.entry("fal", fal), Map.entry("replicate", replicate), Map.entry("xai", xai),
                Map.entry("gemini", gemini), Map.entry("ideogram", ideogram), Map.entry("recraft", recraft),
                Map.entry("a1111", a1111), Map.entry("comfyui", comfyui), Map.entry("bedrock", bedrock));
        this.imageVariators = Map.of("local", local, "fake", fake);
    }

    /** Every adapter name this routing service knows, for checking a catalog against it. */
    public Set<String> names() {
        Set<String> names = new TreeSet<>(imageGenerators.keySet());
        names.addAll(videoGenerators.keySet());
        return names;
    }

    public Optional<VideoGenerator> videos(String adapter) {
        return Optional.ofNullable(videoGenerators.get(adapter));
    }

    public Optional<ImageEditor> editors(String adapter) {
        return Optional.ofNullable(imageEditors.get(adapter));
    }

    public Optional<ImageVariator> variators(String adapter) {
        return Optional.ofNullable(imageVariators.get(adapter));
    }

    public Optional<ImageGenerator> images(String adapter) {
        return Optional.ofNullable(imageGenerators.get(adapter));
    }
}
