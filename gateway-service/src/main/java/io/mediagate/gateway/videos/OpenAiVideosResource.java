package io.mediagate.gateway.videos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.Planning;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.jobs.JobView;
import io.mediagate.common.jobs.JobsApi;
import io.mediagate.common.jobs.VideoObject;
import io.mediagate.common.media.MediaApi;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.MediaKind;
import io.mediagate.common.values.Size;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.forward.Forwarder;
import io.mediagate.gateway.forward.Owners;
import io.mediagate.gateway.generation.Intake;
import io.mediagate.gateway.generation.LifecycleHeaders;
import io.mediagate.gateway.generation.RequestFields;
import io.mediagate.gateway.generation.Submissions;
import io.mediagate.gateway.idempotency.Fingerprint;
import io.mediagate.gateway.images.ImageForm;
import io.mediagate.gateway.images.SourceStore;
import io.mediagate.gateway.images.UploadedImage;
import io.mediagate.gateway.jobs.CallerJobs;
import io.mediagate.gateway.support.JsonBody;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.jboss.resteasy.reactive.server.multipart.FormValue;
import org.jboss.resteasy.reactive.server.multipart.MultipartFormDataInput;

/**
 * The OpenAI-shaped video resource ({@code client.videos.*}): a second face on the same jobs and pipeline as
 * {@code POST /v1/videos/generations}. Creation is always asynchronous and answers the video object at once;
 * the object is read from the job routing keeps; content is the stored files, relayed with Range support.
 * Every answer carries {@code openai-poll-after-ms}.
 */
@Tag(name = "OpenAI videos")
@Path("/v1/videos")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class OpenAiVideosResource {
    static final String POLL_AFTER = "openai-poll-after-ms";
    static final String POLL_AFTER_MS = "2000";
    private static final Set<String> FILES = Set.of("input_reference");
    private final Submissions submissions;
    private final CallerJobs jobs;
    private final SourceStore sources;
    private final VideoModels models;
    private final JobsApi jobList;
    private final MediaApi media;
    private final Owners owners;
    private final Forwarder forwarder;
    private final SecurityIdentity identity;
    private final ObjectMapper json;
    private final Clock clock;
    private final Intake intake;

    OpenAiVideosResource(Submissions submissions, CallerJobs jobs, SourceStore sources, VideoModels models,
                         JobsApi jobList, MediaApi media, Owners owners, Forwarder forwarder, SecurityIdentity identity, ObjectMapper json,
                         Clock clock, Intake intake) {
        this.submissions = submissions;
        this.jobs = jobs;
        this.sources = sources;
        this.models = models;
        this.jobList = jobList;
        this.media = media;
        this.owners = owners;
        this.forwarder = forwarder;
        this.identity = identity;
        this.json = json;
        this.clock = clock;
        this.intake = intake;
    }

    @Operation(summary = "Create a video (OpenAI video resource, asynchronous)")
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> create(String body, @Context ContainerRequestContext context) {
        return create(JsonBody.parse(json, body).node(), null, context);
    }

    /** The multipart form the SDKs send, {@code input_reference} as a file. Blocking: the file's head is read to check it. */
    @Operation(summary = "Create a video (OpenAI video resource, asynchronous)")
    @POST
    @Blocking
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public Uni<Response> createFromForm(MultipartFormDataInput form, @Context ContainerRequestContext context) {
        Map<String, Collection<FormValue>> values = form == null ? Map.of() : form.getValues();
        ObjectNode fields = ImageForm.fields(json, values, FILES);
        Collection<FormValue> files = values.getOrDefault("input_reference", List.of());
        if (files.size() > 1) {
            throw ApiException.invalid("input_reference", "input_reference must be given once");
        }
        return create(fields, files.isEmpty() ? null : files.iterator().next(), context);
    }

    /** Form parsing fails before the method runs; this resource's own calls raise no bare IOException. */
    @ServerExceptionMapper
    public Response malformedForm(IOException e) {
        return ImageForm.malformed();
    }

    private Uni<Response> create(ObjectNode fields, FormValue reference, ContainerRequestContext context) {
        Intake.Arrival arrival = intake.arrive(context, Caller.of(identity));
        Caller caller = arrival.caller();
        Instant accepted = arrival.acceptedAt();
        String requestId = arrival.requestId();
        String jobId = arrival.jobId();
        ObjectNode translated = VideoCreation.body(json, fields);
        UploadedImage file = reference == null ? null : ImageForm.image("input_reference", reference);
        String referenceId = SourceStore.referenceId(jobId);
        ImageSources sent = file == null ? null : new ImageSources(ImageSources.REFERENCE, List.of(referenceId), null);
        GenerationRequest asked = VideoCreation.request(json, JsonBody.of(translated), caller, jobId, requestId, accepted, sent);
        Uni<GenerationRequest> checked = models.check(asked).map(model -> {
            // The video object always states its length and size: the model's defaults when none was asked.
            if (!translated.has("duration") && model.durations() != null) {
                translated.put("duration", model.durations().defaultValue());
            }
            if (!translated.has("size") && model.defaultSize() != null) { // the size of the shape asked, else the default
                Optional<Size> shaped = Planning.size(model, null, asked.framing());
                translated.put("size", shaped.map(Size::label).orElse(model.defaultSize()));
                translated.remove(List.of("aspect_ratio", "resolution"));
                shaped.ifPresent(s -> translated.put("aspect_ratio", Framing.nameOf(s))); // its frame: 720p at 9:16 is 720x1280
            }
            return VideoCreation.request(json, JsonBody.of(translated), caller, jobId, requestId, accepted, sent);
        });
        if (file != null) {
            // Kept only once everything is checked, so a refused request leaves nothing behind.
            checked = checked.call(request -> sources.keep(caller, referenceId, file));
        }
        Uni<GenerationRequest> submission = checked;
        return intake.once(context, arrival, () -> fingerprint("POST /v1/videos", fields, file),
                () -> submission.flatMap(request -> submit(caller, request, null)), first -> replay(first, caller));
    }

    private static String fingerprint(String endpoint, JsonNode fields, UploadedImage file) {
        Fingerprint print = Fingerprint.of(endpoint).fields(fields);
        if (file != null) {
            print.file("input_reference", file.open());
        }
        return print.hex();
    }

    /** A retry with the {@code Idempotency-Key} of a created video: the video as it is now. */
    private Uni<Response> replay(String jobId, Caller caller) {
        return job(jobId, caller).map(job -> ok(VideoObject.of(job)));
    }

    @Operation(summary = "Read a video")
    @GET
    @Path("{id}")
    public Uni<Response> retrieve(@PathParam("id") String id) {
        return job(id, Caller.of(identity)).map(job -> ok(VideoObject.of(job)));
    }

    @Operation(summary = "List your videos")
    @GET
    public Uni<Response> list(@QueryParam("after") String after, @QueryParam("limit") String limit,
                              @QueryParam("order") String order) {
        return Uni.createFrom().completionStage(() -> jobList.list(Caller.of(identity).as(), "video", after, limit, order)).map(page -> {
            List<VideoObject> data = page.jobs().stream().map(VideoObject::of).toList();
            Map<String, Object> list = new LinkedHashMap<>();
            list.put("object", "list");
            list.put("data", data);
            list.put("first_id", data.isEmpty() ? null : data.getFirst().id());
            list.put("last_id", data.isEmpty() ? null : data.getLast().id());
            list.put("has_more", page.hasMore());
            return ok(list);
        });
    }

    /** Cancels the job if it still runs, deletes its video if it is made. */
    @Operation(summary = "Cancel or delete a video")
    @DELETE
    @Path("{id}")
    public Uni<Response> delete(@PathParam("id") String id) {
        Caller caller = Caller.of(identity);
        return job(id, caller).flatMap(job -> {
            MediaItem made = made(job);
            Uni<?> done;
            if (job.status() == JobStatus.QUEUED || job.status() == JobStatus.RUNNING) {
                done = jobs.cancel(caller, id)
                        .onFailure(f -> f instanceof ApiException e && e.code() == ErrorCode.JOB_FINISHED).recoverWithNull();
            } else if (made != null) {
                done = Uni.createFrom().completionStage(() -> media.delete(made.id(), caller.as()))
                        .onFailure(f -> f instanceof ApiException e && e.code() == ErrorCode.NOT_FOUND).recoverWithNull();
            } else {
                done = Uni.createFrom().nullItem();
            }
            return done.map(ignored -> ok(Map.of("id", id, "object", "video.deleted", "deleted", true)));
        });
    }

    /** The made video ({@code variant=video}, the default), its poster ({@code thumbnail}) or its frame strip ({@code spritesheet}). */
    @Operation(summary = "Download a video's content: video, thumbnail or spritesheet")
    @GET
    @Path("{id}/content")
    @Produces(MediaType.WILDCARD)
    @Blocking // the file is passed on as it arrives, never held whole (Forwarder.stream)
    public Response content(@PathParam("id") String id, @QueryParam("variant") String variant, @HeaderParam("Range") String range,
                            @HeaderParam("If-None-Match") String ifNoneMatch, @Context ContainerRequestContext context) {
        Function<MediaItem, String> file = switch (variant == null ? "video" : variant) {
            case "video" -> MediaItem::url;
            case "thumbnail" -> MediaItem::thumbnail;
            case "spritesheet" -> MediaItem::preview;
            default -> throw ApiException.invalid("variant", "variant must be video, thumbnail or spritesheet");
        };
        Caller caller = Caller.of(identity);
        // No check that the video is still there: media-service's file answers 404 once it is deleted.
        JobView job = videoJob(id, caller, new ApiException(ErrorCode.NOT_FOUND, "no video " + id, "id")).await().indefinitely();
        MediaItem made = made(job);
        String url = made == null ? null : file.apply(made);
        int files = url == null ? -1 : url.indexOf("/files/");
        if (job.status() != JobStatus.SUCCEEDED || files < 0) {
            throw new ApiException(ErrorCode.NOT_FOUND, "video " + id + " has no content yet (status "
                    + VideoObject.of(job).status() + ")", "id");
        }
        Map<String, String> headers = new HashMap<>();
        if (range != null) {
            headers.put("Range", range);
        }
        if (ifNoneMatch != null) {
            headers.put("If-None-Match", ifNoneMatch);
        }
        return forwarder.stream(owners.media() + url.substring(files), null, Forwarder.requestId(context), headers);
    }

    /** A variation of a made video: the same model, size and length, a new prompt. */
    @Operation(summary = "Remix a video with a new prompt")
    @POST
    @Path("{id}/remix")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> remix(@PathParam("id") String id, String body, @Context ContainerRequestContext context) {
        return remix(id, JsonBody.parse(json, body), context);
    }

    /** The same, as the SDKs send it (a form with {@code prompt}). */
    @Operation(summary = "Remix a video with a new prompt")
    @POST
    @Path("{id}/remix")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public Uni<Response> remixFromForm(@PathParam("id") String id, MultipartFormDataInput form, @Context ContainerRequestContext context) {
        return remix(id, JsonBody.of(ImageForm.fields(json, form == null ? Map.of() : form.getValues(), Set.of())), context);
    }

    private Uni<Response> remix(String id, JsonBody in, ContainerRequestContext context) {
        Intake.Arrival arrival = intake.arrive(context, Caller.of(identity));
        String prompt = in.requiredString("prompt");
        String upgrades = RequestFields.modelUpgrades(in, arrival.caller());
        return intake.once(context, arrival, () -> fingerprint("POST /v1/videos/" + id + "/remix", in.node(), null),
                () -> remix(id, prompt, upgrades, arrival.jobId(), arrival.caller(), arrival.requestId(), arrival.acceptedAt()),
                first -> replay(first, arrival.caller()));
    }

    private Uni<Response> remix(String id, String prompt, String upgrades, String jobId, Caller caller, String requestId, Instant accepted) {
        return job(id, caller).flatMap(job -> {
            MediaItem made = made(job);
            if (job.status() != JobStatus.SUCCEEDED || made == null || made.id() == null || job.request() == null) {
                throw ApiException.invalid("id", "only a completed video can be remixed");
            }
            JobView.Asked asked = job.request();
            ObjectNode fields = json.createObjectNode();
            fields.put("model", asked.model());
            fields.put("prompt", prompt);
            if (asked.size() != null) {
                fields.put("size", asked.size().label());
                if (asked.aspectRatio() != null) {
                    fields.put("aspect_ratio", asked.aspectRatio()); // its frame too: a portrait video's remix is portrait
                }
            }
            if (asked.duration() != null) {
                fields.put("duration", asked.duration());
            }
            fields.put("video_id", made.id());
            fields.put("public", made.isPublic() == null || made.isPublic());
            GenerationRequest request = VideoCreation.request(json, JsonBody.of(fields), caller, jobId, requestId, accepted, null)
                    .withModelUpgrades(upgrades);
            return submit(caller, request, id);
        });
    }

    private Uni<Response> submit(Caller caller, GenerationRequest request, String remixedFrom) {
        // Submissions remembers the job, so that an immediate retrieve finds it queued.
        return submissions.submit(caller, request, true, null)
                .map(accepted -> LifecycleHeaders.copied(accepted, ok(VideoObject.queued(request.jobId(), request.model(),
                        request.acceptedAt(), request.duration(), request.framing() == null ? request.size() : request.framing().frame(request.size()),
                        request.prompt(), remixedFrom))));
    }

    /**
     * The caller's video job {@code id}, as routing shows it; another kind of job is not found here, nor a made video
     * that was deleted (or expired), as OpenAI's deleted videos read.
     */
    private Uni<JobView> job(String id, Caller caller) {
        ApiException none = new ApiException(ErrorCode.NOT_FOUND, "no video " + id, "id");
        return videoJob(id, caller, none).flatMap(job -> {
            MediaItem made = made(job);
            if (job.status() != JobStatus.SUCCEEDED || made == null || made.id() == null) {
                return Uni.createFrom().item(job);
            }
            return Uni.createFrom().completionStage(() -> media.exists(made.id(), caller.as())).map(there -> {
                if (!there) {
                    throw none;
                }
                return job;
            });
        });
    }

    /** The caller's video job {@code id} as routing shows it, whatever became of its video. */
    private Uni<JobView> videoJob(String id, Caller caller, ApiException none) {
        return jobs.read(caller, id)
                .onFailure(f -> f instanceof ApiException e && e.code() == ErrorCode.NOT_FOUND).transform(f -> none)
                .map(job -> {
                    if (job.kind() != MediaKind.VIDEO) {
                        throw none;
                    }
                    return job;
                });
    }

    /** The video a finished job made, if any. */
    private static MediaItem made(JobView job) {
        return job.data() == null || job.data().isEmpty() ? null : job.data().getFirst();
    }

    private static Response ok(Object entity) {
        return Response.ok(entity).type(MediaType.APPLICATION_JSON_TYPE).header(POLL_AFTER, POLL_AFTER_MS).build();
    }
}
