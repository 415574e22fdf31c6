package io.mediagate.routing.generation;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.Planning;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.RetiredModel;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.model.ModelId;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.Input;
import io.mediagate.common.values.MediaKind;
import io.mediagate.common.values.Size;
import io.mediagate.routing.adapters.Adapters;
import io.mediagate.routing.attempts.CircuitBreakers;
import io.mediagate.routing.catalog.CatalogClient;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.ranking.Eligibility;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.RoutingMode;
import io.mediagate.routing.retirement.ModelUpgrades;
import io.mediagate.routing.retirement.RetiredOffers;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The prologue of every generation, image or video: resolve the model (its replacement, for a retired one the request
 * takes upgrades of: {@link ModelUpgrades}; else 410 {@code model_retired}) and version, check the request
 * against the model (kind, extras, size, a video's duration and inputs), and rank the offers by the
 * routing mode, an image's options that only a provider can do ({@link ImageOptions#mustHonour}) required of every offer. Throws the contract's error when the request cannot be served as asked.
 */
@ApplicationScoped
public class Planner {
    private final CatalogClient catalog;
    private final Adapters adapters;
    private final CircuitBreakers breakers;
    private final RetiredOffers retired;
    private final Clock clock;

    Planner(CatalogClient catalog, Adapters adapters, CircuitBreakers breakers, RetiredOffers retired, Clock clock) {
        this.catalog = catalog;
        this.adapters = adapters;
        this.breakers = breakers;
        this.retired = retired;
        this.clock = clock;
    }

    public Plan plan(GenerationRequest request) {
        ModelId id = ModelId.parse(request.model(), "model");
        ModelUpgrades.Chosen chosen = ModelUpgrades.choose(retired.merged(catalog.resolve(id.id())), request.upgradesToReplacement(),
                replacement -> retired.merged(catalog.resolve(replacement)), clock.instant());
        ResolvedModel resolved = chosen.resolved();
        ModelSpec model = resolved.model();
        // a replacement is served at its latest version: the version named was the retired model's
        Optional<String> named = chosen.upgradedFrom() == null ? id.version() : Optional.empty();
        MediaKind kind = request.kind();
        if (kind != model.kind()) {
            throw ApiException.invalid("model", kind == MediaKind.IMAGE
                    ? model.id() + " makes videos; use POST /v1/videos/generations"
                    : model.id() + " makes images; use POST /v1/images/generations");
        }
        VersionSpec version = model.version(named).orElseThrow(() -> new ApiException(ErrorCode.MODEL_NOT_FOUND,
                "unknown version " + named.orElse("") + " of " + model.id(), "model"));
        RoutingMode mode = RoutingMode.of(request.routing(), request.provider());
        ImageOptions options = request.options();
        Map<String, Object> must = new LinkedHashMap<>(options.asked());
        must.keySet().retainAll(options.mustHonour());
        Parameters.Checked checked = Parameters.check(model, request.extras() == null ? Map.of() : request.extras(), mode).requiring(must);
        ImageSources sources = kind == MediaKind.IMAGE ? request.sources() : null;
        boolean utility = checkOperation(model, sources != null && sources.utility() ? sources.operation() : request.operation(), kind);
        // a utility's size is the one asked (an upscale's target) or made from its picture, whatever the model's sizes
        Size size = utility && kind == MediaKind.IMAGE ? Optional.ofNullable(request.size()).or(() -> Size.parse(model.defaultSize())).orElseThrow()
                : Planning.size(model, request.size(), request.framing()).filter(s -> Planning.offers(model, s)).orElseThrow(() -> ApiException.invalid("size",
                "size " + (request.size() != null ? request.size().label() : model.defaultSize()) + " is not offered by " + model.id()
                        + "; use one of " + model.sizes()));
        String image = imageInput(request);
        boolean video = request.videoId() != null || request.videoUrl() != null;
        boolean mask = sources != null && sources.mask() != null;
        Double duration = kind == MediaKind.VIDEO ? Planning.clip(model).checked(request.duration(), model.id()) : null;
        boolean lastFrame = request.lastFrameUrl() != null;
        int references = request.referenceImageUrls() == null ? 0 : request.referenceImageUrls().size();
        checkInputs(model, image, video, mask, lastFrame);
        checkReferences(resolved, references);
        String quality = options.quality() == null || options.quality() == ImageOptions.Quality.AUTO ? null : options.quality().wire();
        int inputImages = inputImages(request);
        Plan plan = new Plan(model, version, mode, checked, size, duration, Candidates.rank(resolved, mode, request.provider(),
                new Eligibility.Need(version.version(), utility && kind == MediaKind.IMAGE ? null : size.label(), duration, image, video, mask,
                        inputImages, quality, lastFrame, references), checked,
                operation(request, kind, sources, size, lastFrame, references),
                provider -> breakers.state(provider) == CircuitBreakers.State.OPEN), options, chosen.upgradedFrom());
        // sent with a quote: only the offers that charge at most its price
        return plan.within(request.priceCap(), items(request), inputImages, request.prompt());
    }

    /** The pictures an image request starts from that its price may count (an edit's, a variation's, a utility's); 0 for a video. */
    public static int inputImages(GenerationRequest request) {
        return request.kind() == MediaKind.IMAGE && request.sources() != null ? request.sources().images().size() : 0;
    }

    /** The results a request's price counts: an image request's {@code n}, one video. */
    public static int items(GenerationRequest request) {
        return request.kind() == MediaKind.IMAGE ? request.n() : 1;
    }

    /**
     * {@code calls} (a plan's provider calls), failing as the caller should see it: when no provider could serve and, with what they
     * answered (a model {@code gone} at each is retired here at once), no offer of the model is left, 410
     * {@code model_retired}, since it will not come back; anything else as it is.
     */
    public <T> T attempted(Plan plan, java.util.function.Supplier<T> calls) {
        try {
            return calls.get();
        } catch (ApiException e) {
            throw failure(plan, e);
        }
    }

    private ApiException failure(Plan plan, ApiException e) {
        if (e.code() != ErrorCode.PROVIDER_UNAVAILABLE) {
            return e;
        }
        ResolvedModel now = retired.merged(catalog.resolve(plan.model().id()));
        if (!RetiredModel.whollyRetired(now.model(), now.retired(), clock.instant())) {
            return e;
        }
        ApiException retiredModel = RetiredModel.error(now.model(), clock.instant(), now.retired().values());
        Map<String, Object> extra = new LinkedHashMap<>(e.extra());
        extra.putAll(retiredModel.extra());
        return new ApiException(retiredModel.code(), retiredModel.getMessage(), retiredModel.param(), extra);
    }

    /**
     * The field that carried the request's image input, or null: an edit's or variation's files, a video's
     * reference file ({@code input_reference}), or {@code image_url}.
     */
    private static String imageInput(GenerationRequest request) {
        if (request.sources() != null) {
            if (request.sources().references()) {
                return "reference_image_urls";
            }
            return request.kind() == MediaKind.IMAGE ? "image" : "input_reference";
        }
        return request.imageUrl() != null ? "image_url" : null;
    }

    /**
     * What is asked of a provider's adapter: to make a video (of the size's aspect ratio, ending on a last frame when asked, keeping
     * to as many reference pictures as sent, or a
     * utility's operation on a source video), an image, to edit or vary one, or a utility's operation on a picture; an offer
     * stands without the features its provider's endpoint for that operation does not take.
     */
    private Candidates.Operation operation(GenerationRequest request, MediaKind kind, ImageSources sources, Size size, boolean lastFrame,
                                           int references) {
        Function<ProviderSpec, Set<String>> none = p -> Set.of();
        if (kind == MediaKind.VIDEO) {
            String ratio = Framing.nameOf(size);
            String utility = request.operation();
            return new Candidates.Operation(p -> adapters.videos(p.adapter())
                    .filter(v -> v.makes(ratio) && (!lastFrame || v.takesLastFrame()) && v.references() >= references
                            && (utility == null || v.videoOperations().contains(utility)))
                    .isPresent(), none);
        }
        if (sources != null && sources.utility()) {
            return new Candidates.Operation(p -> adapters.utilities(p.adapter()).filter(u -> u.operations().contains(sources.operation())).isPresent(),
                    none);
        }
        if (sources == null) {
            return new Candidates.Operation(p -> adapters.images(p.adapter()).isPresent(),
                    p -> adapters.images(p.adapter()).map(ImageGenerator::notTakenByGenerations).orElse(Set.of()));
        }
        if (sources.variation()) {
            return new Candidates.Operation(p -> adapters.variators(p.adapter()).isPresent(), none);
        }
        return new Candidates.Operation(p -> adapters.editors(p.adapter()).isPresent(),
                p -> adapters.editors(p.adapter()).map(ImageEditor::notTakenByEdits).orElse(Set.of()));
    }

    /**
     * Whether the request is a utility operation ({@code operation}: an image's upscale or cut-out, a video's upscale or
     * extension; null for a generation), refused naming {@code model} unless the model does that operation; a utility model is
     * refused at every other endpoint.
     */
    private static boolean checkOperation(ModelSpec model, String operation, MediaKind kind) {
        String media = kind == MediaKind.IMAGE ? "images" : "videos";
        if (operation != null && !operation.equals(model.operation())) {
            throw ApiException.invalid("model", model.id() + (model.utility() ? " does " + model.operation() : " generates") + "; it does no "
                    + operation + " (GET /v1/models lists each model's operation)");
        }
        if (operation == null && model.utility()) {
            throw ApiException.invalid("model", model.id() + " does " + model.operation() + " only: use POST /v1/" + media + "/" + model.operation());
        }
        return operation != null;
    }

    /**
     * A video's reference pictures ({@code count}, 0 for none) go to a model whose catalog entry takes them, and no more than the
     * most any of its providers' adapters sends; else 400 naming {@code reference_image_urls}.
     */
    private void checkReferences(ResolvedModel resolved, int count) {
        if (count == 0) {
            return;
        }
        ModelSpec model = resolved.model();
        if (!model.inputs().contains(Input.REFERENCE)) {
            throw ApiException.invalid("reference_image_urls", model.id() + " does not keep to reference pictures (GET /v1/models: a model whose "
                    + "inputs list reference does)");
        }
        Set<String> offered = model.offers().stream().map(OfferSpec::provider).collect(Collectors.toSet());
        int most = resolved.providers().stream().filter(p -> offered.contains(p.id()))
                .mapToInt(p -> adapters.videos(p.adapter()).map(VideoGenerator::references).orElse(0)).max().orElse(0);
        if (count > most) {
            throw ApiException.invalid("reference_image_urls", model.id() + " keeps to at most " + most + " reference pictures; "
                    + count + " were sent");
        }
    }

    private static void checkInputs(ModelSpec model, String image, boolean video, boolean mask, boolean lastFrame) {
        if (lastFrame && !model.inputs().contains(Input.LAST_FRAME)) {
            throw ApiException.invalid("last_frame_url", model.id() + " does not end on a picture you send; send the video without last_frame_url");
        }
        if (image == null && !video && !model.inputs().contains(Input.TEXT)) {
            throw ApiException.invalid("model", model.id() + " changes a picture you send: use POST /v1/images/edits");
        }
        if (image != null && !model.inputs().contains(Input.IMAGE)) {
            throw ApiException.invalid(image, model.id() + " does not take an image input");
        }
        if (mask && !model.inputs().contains(Input.MASK)) {
            throw ApiException.invalid("mask", model.id() + " does not take a mask; send the edit without one");
        }
        if (video && !model.inputs().contains(Input.VIDEO)) {
            throw ApiException.invalid("video_url", model.id() + " does not take a video input");
        }
    }
}
