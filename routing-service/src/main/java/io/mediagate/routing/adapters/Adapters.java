package io.mediagate.routing.adapters;

import io.mediagate.common.catalog.AdapterKind;
import io.mediagate.routing.providers.ImageBatches;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageUtilities;
import io.mediagate.routing.providers.ImageVariator;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.a1111.A1111ImageGenerator;
import io.mediagate.routing.providers.azure.AzureOpenAiEndpoint;
import io.mediagate.routing.providers.bedrock.BedrockImageGenerator;
import io.mediagate.routing.providers.bedrock.BedrockVideoGenerator;
import io.mediagate.routing.providers.bfl.BflImageGenerator;
import io.mediagate.routing.providers.comfyui.ComfyUiImageGenerator;
import io.mediagate.routing.providers.fake.FakeImageGenerator;
import io.mediagate.routing.providers.fake.FakeVideoGenerator;
import io.mediagate.routing.providers.fal.FalGenerator;
import io.mediagate.routing.providers.gemini.GeminiBatches;
import io.mediagate.routing.providers.gemini.GeminiImageGenerator;
import io.mediagate.routing.providers.ideogram.IdeogramImageGenerator;
import io.mediagate.routing.providers.kling.KlingVideoGenerator;
import io.mediagate.routing.providers.local.LocalImageGenerator;
import io.mediagate.routing.providers.local.LocalImageUtilities;
import io.mediagate.routing.providers.local.LocalVideoGenerator;
import io.mediagate.routing.providers.luma.LumaVideoGenerator;
import io.mediagate.routing.providers.minimax.MiniMaxVideoGenerator;
import io.mediagate.routing.providers.omni.OmniVideoGenerator;
import io.mediagate.routing.providers.openai.OpenAiBatches;
import io.mediagate.routing.providers.openai.OpenAiImageGenerator;
import io.mediagate.routing.providers.recraft.RecraftImageGenerator;
import io.mediagate.routing.providers.recraft.RecraftUtilities;
import io.mediagate.routing.providers.replicate.ReplicateGenerator;
import io.mediagate.routing.providers.runway.RunwayVideoGenerator;
import io.mediagate.routing.providers.stability.StabilityImageGenerator;
import io.mediagate.routing.providers.veo.VeoVideoGenerator;
import io.mediagate.routing.providers.vidu.ViduVideoGenerator;
import io.mediagate.routing.providers.xai.XaiImageGenerator;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which code talks to a provider, by the catalog's {@code adapter} name: the one registry of the adapters, kept out of the
 * kit's package ({@code providers}) so that the kit depends on no adapter and every adapter on the kit alone. Wired explicitly from one list: each entry is an
 * adapter name and its code, registered for every capability the code implements ({@link ImageGenerator},
 * {@link ImageEditor}, {@link ImageVariator}, {@link VideoGenerator}, {@link ImageBatches}). A name may have two entries (local renders images
 * and videos with two classes), never two codes for one capability.
 */
@ApplicationScoped
public class Adapters {
    static final List<Class<?>> CAPABILITIES = List.of(ImageGenerator.class, ImageEditor.class, ImageVariator.class, VideoGenerator.class,
            ImageBatches.class, ImageUtilities.class);

    /** One adapter of the list: the catalog's name and the code that talks to that kind of provider. */
    public record Entry(String name, Object code) {}

    private final Map<Class<?>, Map<String, Object>> byCapability = new LinkedHashMap<>();

    @Inject
    Adapters(LocalImageGenerator local, FakeImageGenerator fake,
             LocalVideoGenerator localVideo, FakeVideoGenerator fakeVideo, LocalImageUtilities localUtilities, Upstream upstream,
             @ConfigProperty(name = "mediagate.providers.azure-openai.api-version", defaultValue = "2025-04-01-preview") String azureApiVersion) {
        this(list(local, fake, localVideo, fakeVideo, localUtilities, upstream, azureApiVersion));
    }

    /** The adapters of {@code entries}, each under every capability it implements. */
    public Adapters(List<Entry> entries) {
        CAPABILITIES.forEach(c -> byCapability.put(c, new HashMap<>()));
        for (Entry entry : entries) {
            for (Class<?> capability : CAPABILITIES) {
                if (capability.isInstance(entry.code()) && byCapability.get(capability).putIfAbsent(entry.name(), entry.code()) != null) {
                    throw new IllegalStateException("two " + capability.getSimpleName() + "s named " + entry.name());
                }
            }
        }
    }

    /**
     * The adapters this routing service ships: the code of every kind of provider ({@link AdapterKind}), from an exhaustive
     * switch, so a kind added to the list and not wired here does not compile. Adding a provider: its kind, its case here
     * (and its package, catalog entries, fake).
     */
    static List<Entry> list(LocalImageGenerator local, FakeImageGenerator fake, LocalVideoGenerator localVideo,
                            FakeVideoGenerator fakeVideo, LocalImageUtilities localUtilities, Upstream upstream, String azureApiVersion) {
        Function<String, Optional<String>> settings = name -> ConfigProvider.getConfig().getOptionalValue(name, String.class);
        List<Entry> entries = new ArrayList<>();
        for (AdapterKind kind : AdapterKind.values()) {
            List<Object> codes = switch (kind) {
                case LOCAL -> present(local, localVideo, localUtilities);
                case FAKE -> present(fake, fakeVideo);
                case OPENAI -> List.of(new OpenAiImageGenerator(upstream, OpenAiImageGenerator.OPENAI_BASE),
                        new OpenAiBatches(upstream, maxLines(settings, kind, 500)));
                case OPENAI_COMPATIBLE -> List.of(new OpenAiImageGenerator(upstream, (String) null));
                case AZURE_OPENAI -> List.of(new OpenAiImageGenerator(upstream, new AzureOpenAiEndpoint(azureApiVersion, settings)));
                case XAI -> List.of(new XaiImageGenerator(upstream));
                case GEMINI -> List.of(new GeminiImageGenerator(upstream), new GeminiBatches(upstream, maxLines(settings, kind, 16)));
                case IDEOGRAM -> List.of(new IdeogramImageGenerator(upstream));
                case RECRAFT -> List.of(new RecraftImageGenerator(upstream), new RecraftUtilities(upstream));
                case STABILITY -> List.of(new StabilityImageGenerator(upstream));
                case BFL -> List.of(new BflImageGenerator(upstream));
                case REPLICATE -> List.of(new ReplicateGenerator(upstream));
                case FAL -> List.of(new FalGenerator(upstream));
                case A1111 -> List.of(new A1111ImageGenerator(upstream));
                case COMFYUI -> List.of(new ComfyUiImageGenerator(upstream));
                case BEDROCK -> List.of(new BedrockImageGenerator(upstream, settings), new BedrockVideoGenerator(upstream, settings));
                case VEO -> List.of(new VeoVideoGenerator(upstream));
                case OMNI -> List.of(new OmniVideoGenerator(upstream));
                case RUNWAY -> List.of(new RunwayVideoGenerator(upstream, RunwayVideoGenerator.POLL_FLOOR));
                case LUMA -> List.of(new LumaVideoGenerator(upstream));
                case MINIMAX -> List.of(new MiniMaxVideoGenerator(upstream));
                case KLING -> List.of(new KlingVideoGenerator(upstream, settings));
                case VIDU -> List.of(new ViduVideoGenerator(upstream));
            };
            codes.forEach(code -> entries.add(new Entry(kind.wire(), code)));
        }
        return entries;
    }

    /** The codes given (a listing of the provider adapters alone, as the capability matrix makes it, gives no local ones). */
    private static List<Object> present(Object... codes) {
        return java.util.Arrays.stream(codes).filter(java.util.Objects::nonNull).toList();
    }

    /**
     * The most lines one batch of the provider's own batch API is given ({@code mediagate.provider-batches.<adapter>.max-lines}):
     * OpenAI's takes 50,000, but each output line holds its images, so a smaller batch is collected sooner and read in less;
     * Gemini's lines go inline, which Google recommends for batches under 20 MB.
     */
    private static int maxLines(Function<String, Optional<String>> settings, AdapterKind kind, int otherwise) {
        return settings.apply("mediagate.provider-batches." + kind.wire() + ".max-lines").map(Integer::parseInt).orElse(otherwise);
    }

    /** Every adapter name this routing service knows, for checking a catalog against it. */
    public Set<String> names() {
        Set<String> names = new TreeSet<>();
        byCapability.values().forEach(m -> names.addAll(m.keySet()));
        return names;
    }

    private <T> Optional<T> find(Class<T> capability, String adapter) {
        return Optional.ofNullable(byCapability.get(capability).get(adapter)).map(capability::cast);
    }

    public Optional<VideoGenerator> videos(String adapter) {
        return find(VideoGenerator.class, adapter);
    }

    public Optional<ImageEditor> editors(String adapter) {
        return find(ImageEditor.class, adapter);
    }

    public Optional<ImageVariator> variators(String adapter) {
        return find(ImageVariator.class, adapter);
    }

    public Optional<ImageGenerator> images(String adapter) {
        return find(ImageGenerator.class, adapter);
    }

    /** The utility operations on a picture (upscale, background removal), where the adapter does them. */
    public Optional<ImageUtilities> utilities(String adapter) {
        return find(ImageUtilities.class, adapter);
    }

    /** The provider's own batch API for image generations, where the adapter speaks one. */
    public Optional<ImageBatches> batches(String adapter) {
        return find(ImageBatches.class, adapter);
    }
}
