package io.mediagate.gateway.images;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ApiExceptionMapper;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.common.events.ImageOutput;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.PartialImage;
import io.mediagate.common.media.MediaApi;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.streams.EventStream;
import io.mediagate.gateway.support.JsonBody;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.Cancellable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code stream: true} on an image generation or edit: the answer is {@code text/event-stream} in OpenAI's event format.
 * The partial images the serving provider makes (as many as {@code partial_images} asks, 0–3) come as
 * {@code image_generation.partial_image} (or {@code image_edit.partial_image}) events as they arrive ({@link PartialRelay});
 * each image made ends in an {@code image_generation.completed} (or {@code image_edit.completed}) event carrying its
 * bytes ({@code b64_json}), {@code size}, {@code output_format}, {@code quality}, {@code background} and the provider's
 * {@code usage} where it reports one, plus the stored item's {@code id} and {@code url}; a failure after the stream
 * opened is an {@code error} event in the envelope's terms (with OpenAI's {@code error} object, which the SDKs raise).
 * The stored item, its price and the limits are those of the same request without {@code stream}.
 */
@ApplicationScoped
public class ImageStreaming {
    static final int MAX_PARTIALS = 3;
    private final MediaApi media;
    private final ObjectMapper json;
    private final Clock clock;
    private final Duration keepAlive;
    private final PartialRelay relay;

    ImageStreaming(MediaApi media, ObjectMapper json, Clock clock, PartialRelay relay,
                   @ConfigProperty(name = "mediagate.streams.keep-alive", defaultValue = "15s") Duration keepAlive) {
        this.relay = relay;
        this.media = media;
        this.json = json;
        this.clock = clock;
        this.keepAlive = keepAlive;
    }

    /** What a request asks of the stream: whether to stream ({@code stream: true}) and how many partial images (0–3). */
    record Ask(boolean stream, int partialImages) {}

    /** The request's {@code stream} and {@code partial_images}, checked: partials only with a stream, no stream for variations. */
    static Ask requested(JsonBody in, boolean variation) {
        boolean stream = in.bool("stream").orElse(false);
        int partials = in.integer("partial_images").orElse(0);
        if (partials < 0 || partials > MAX_PARTIALS) {
            throw ApiException.invalid("partial_images", "partial_images must be between 0 and " + MAX_PARTIALS);
        }
        if (partials > 0 && !stream) {
            throw ApiException.invalid("partial_images", "partial_images applies to a streamed answer: set stream to true");
        }
        if (stream && variation) {
            throw ApiException.invalid("stream", "variations are not streamed; leave stream out");
        }
        return new Ask(stream, partials);
    }

    /**
     * The answer of {@code request}, whose job ends as {@code outcome}: once routing has planned the job (so a request it
     * refuses, say for an unknown model, gets its plain error answer and status), the stream: its partial images as they
     * come, then its completed images or its error. Should routing be slow to take the job, the stream opens anyway after
     * a keep-alive interval. {@code operation} is {@code image_generation} or {@code image_edit}.
     */
    public Uni<Response> open(GenerationRequest request, Uni<GenerationReply> outcome, String operation, Caller caller,
                              String requestId) {
        PartialRelay.Expected expected = relay.expect(request.jobId());
        outcome.subscribe().with(reply -> relay.forget(request.jobId()), failure -> relay.forget(request.jobId()));
        Uni<GenerationReply> refusedEarly = outcome.onFailure().recoverWithItem(failure -> GenerationReply.failed(request.jobId(),
                asApi(failure).body(requestId), null));
        return Uni.combine().any().of(expected.started().replaceWith((GenerationReply) null), refusedEarly,
                        Uni.createFrom().nullItem().onItem().delayIt().by(keepAlive).replaceWith((GenerationReply) null))
                .map(first -> first != null && !first.success() && first.error() != null
                        ? ApiExceptionMapper.render(first.error().toException())
                        : stream(request, outcome, expected, operation, caller, requestId).response());
    }

    private EventStream stream(GenerationRequest request, Uni<GenerationReply> outcome, PartialRelay.Expected expected, String operation,
                               Caller caller, String requestId) {
        Multi<String> ending = outcome.onItem().transformToMulti(reply -> reply.success()
                        ? Multi.createFrom().iterable(reply.data()).onItem().transformToUniAndConcatenate(item -> completed(item, reply, operation, caller))
                        : Multi.createFrom().item(error(reply.error(), requestId)))
                .onFailure().recoverWithItem(failure -> error(asApi(failure).body(requestId), requestId));
        Multi<String> frames = Multi.createFrom().emitter(emitter -> {
            Cancellable previews = expected.images().subscribe().with(partial -> emitter.emit(partial(partial, request, operation)),
                    failure -> { });
            Cancellable end = ending.subscribe().with(emitter::emit, failure -> {
                previews.cancel();
                emitter.fail(failure);
            }, () -> {
                previews.cancel();
                emitter.complete();
            });
            emitter.onTermination(() -> {
                previews.cancel();
                end.cancel();
            });
        });
        return EventStream.of(frames, keepAlive);
    }

    /** A failure following the job as the contract's error: its own, or the generation being unavailable. */
    private static ApiException asApi(Throwable failure) {
        return failure instanceof ApiException e ? e : ApiException.unavailable("generation is unavailable; try again shortly");
    }

    /** A partial image event: OpenAI's fields, with the settings asked for ({@code auto} where none was). */
    private String partial(PartialImage partial, GenerationRequest request, String operation) {
        ImageOptions options = request.options();
        ObjectNode event = json.createObjectNode();
        event.put("type", operation + ".partial_image");
        event.put("b64_json", Base64.getEncoder().encodeToString(partial.image()));
        event.put("created_at", clock.instant().getEpochSecond());
        event.put("partial_image_index", partial.index());
        event.put("size", request.size() != null ? request.size().label() : "auto");
        ImageOptions.Format format = ImageOptions.Format.ofMime(partial.mime());
        event.put("output_format", format != null ? format.wire() : "png");
        event.put("quality", options.quality() != null ? options.quality().wire() : "auto");
        event.put("background", options.background() != null ? options.background().wire() : "auto");
        return EventStream.event(operation + ".partial_image", event.toString());
    }

    private Uni<String> completed(MediaItem item, GenerationReply reply, String operation, Caller caller) {
        ImageOutput made = reply.stats() == null || reply.stats().image() == null ? null : reply.stats().image();
        return Uni.createFrom().completionStage(() -> media.content(item.id(), caller.as())).map(bytes -> {
            ObjectNode event = json.createObjectNode();
            event.put("type", operation + ".completed");
            event.put("b64_json", Base64.getEncoder().encodeToString(bytes));
            event.put("created_at", clock.instant().getEpochSecond());
            event.put("size", item.size() != null ? item.size() : made != null && made.size() != null ? made.size() : "auto");
            ImageOptions.Format format = ImageOptions.Format.ofMime(item.mime());
            event.put("output_format", format != null ? format.wire() : made != null && made.outputFormat() != null ? made.outputFormat() : "png");
            event.put("quality", made != null && made.quality() != null ? made.quality() : "auto");
            event.put("background", made != null && made.background() != null ? made.background() : "auto");
            if (made != null && made.usage() != null) {
                event.set("usage", json.valueToTree(made.usage()));
            }
            event.put("id", item.id());
            event.put("url", item.url());
            return EventStream.event(operation + ".completed", event.toString());
        });
    }

    private String error(ErrorBody body, String requestId) {
        if (body.requestId == null) {
            body.requestId = requestId;
        }
        ObjectNode event = json.valueToTree(body);
        event.put("type", "error");
        return EventStream.event("error", event.toString());
    }
}
