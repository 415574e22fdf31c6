package io.mediagate.gateway.batches;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.RequestIdFilter;
import io.mediagate.common.batches.BatchesApi;
import io.mediagate.common.calls.Call;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.media.FilesApi;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.auth.KeyHashing;
import io.mediagate.gateway.auth.Scope;
import io.mediagate.gateway.budgets.WorstCase;
import io.mediagate.gateway.forward.Forwarder;
import io.mediagate.gateway.forward.Owners;
import io.mediagate.gateway.support.JsonBody;
import io.mediagate.gateway.webhooks.WebhookTargets;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * OpenAI's Batch API for media ({@code client.batches.*}). A batch is made here: its input file is read from
 * media-service a line at a time and each request parsed as its endpoint parses it ({@link BatchLines}), then routing,
 * which runs batches, keeps it whole in one step. The reads and the cancellation are relayed to routing as the caller.
 * Answers are OpenAI's batch objects.
 */
@Tag(name = "Batches")
@Path(BatchesApi.ROOT)
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class BatchesResource {
    private static final Pattern FILE_ID = Pattern.compile("file_[a-f0-9]{32}");
    /** Long enough to read and hand over the largest file. */
    private static final Duration HAND_OVER = Duration.ofMinutes(5);
    private final Forwarder forwarder;
    private final Owners owners;
    private final SecurityIdentity identity;
    private final ObjectMapper json;
    private final InternalHttp http;
    private final Clock clock;
    private final WebhookTargets webhooks;
    private final WorstCase worstCase;
    private final BatchReservations reservations;

    BatchesResource(Forwarder forwarder, Owners owners, SecurityIdentity identity, ObjectMapper json, InternalHttp http, Clock clock,
                    WebhookTargets webhooks, WorstCase worstCase, BatchReservations reservations) {
        this.worstCase = worstCase;
        this.reservations = reservations;
        this.webhooks = webhooks;
        this.forwarder = forwarder;
        this.owners = owners;
        this.identity = identity;
        this.json = json;
        this.http = http;
        this.clock = clock;
    }

    @Operation(summary = "Create a batch from an uploaded JSONL file (input_file_id, endpoint, completion_window 24h, metadata)")
    @POST
    @Consumes(MediaType.WILDCARD)
    @Blocking
    public Uni<Response> create(String body, @Context ContainerRequestContext ctx) {
        Caller caller = Caller.of(identity);
        BatchRequest request = BatchRequest.read(JsonBody.parse(json, body));
        Scope needed = request.endpoint().startsWith("/v1/images/") ? Scope.IMAGES : Scope.VIDEOS;
        if (!caller.mayAny(EnumSet.of(needed))) {
            throw new ApiException(ErrorCode.PERMISSION_DENIED, "this key may not run " + request.endpoint() + " requests; it needs the scope "
                    + needed.wire, null, Map.of("required_scopes", List.of(needed.wire)));
        }
        if (!FILE_ID.matcher(request.inputFileId()).matches()) {
            throw ApiException.invalid("input_file_id", "no file " + request.inputFileId());
        }
        webhooks.check(request.webhookUrl()).await().atMost(Duration.ofSeconds(30));
        checkPurpose(caller, request.inputFileId());
        String requestId = Forwarder.requestId(ctx);
        boolean capped = caller.budgets().any(); // each line's worst case is reserved against the caller's caps
        String batchId = KeyHashing.newId("batch_");
        java.nio.file.Path lines = null;
        try {
            lines = Files.createTempFile("batch-lines-", ".jsonl");
            BatchLines.Read read;
            HttpResponse<InputStream> content = InternalHttp.await(http.relayStreamed(Call.get(URI.create(owners.media() + FilesApi.ROOT
                    + "/" + request.inputFileId() + "/content"), caller.as(), HAND_OVER), Map.of(RequestIdFilter.HEADER, requestId)));
            try (InputStream in = content.body()) {
                if (content.statusCode() != 200) {
                    throw ApiException.invalid("input_file_id", "the input file " + request.inputFileId() + " cannot be read");
                }
                // each line's worst case, for the batch's own budget and the caller's spend caps
                read = new BatchLines(json, caller, request.endpoint(), batchId, requestId, clock.instant(), request.budget() == null && !capped
                        ? null : parsed -> worstCase.of(parsed).await().atMost(Duration.ofSeconds(30))).read(in, lines);
            }
            boolean valid = read.problems().isEmpty();
            boolean reserved = valid && capped;
            if (reserved) {
                reservations.reserve(caller, lines);
            }
            BatchesApi.Create create = new BatchesApi.Create(batchId, request.endpoint(), request.inputFileId(), BatchesApi.WINDOW,
                    request.metadata(), caller.keyId(), request.webhookUrl(), request.budget(), valid ? null : read.problems(),
                    valid ? read.lines() : 0, request.outputExpiresAfter(), reserved);
            HttpRequest.BodyPublisher handed = valid ? http.withFile(create, HttpRequest.BodyPublishers.ofFile(lines))
                    : HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(create));
            java.nio.file.Path written = lines;
            return forwarder.forward("POST", owners.routing() + BatchesApi.CREATE, caller, requestId, Map.of(), handed,
                    "application/x-ndjson", HAND_OVER).eventually(() -> delete(written));
        } catch (IOException e) {
            delete(lines);
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            delete(lines);
            throw e;
        }
    }

    /** The file must be one of the caller's batch input files (not another batch's output). */
    private void checkPurpose(Caller caller, String fileId) {
        JsonNode file;
        try {
            file = InternalHttp.await(http.json(Call.get(URI.create(owners.media() + FilesApi.ROOT + "/" + fileId), caller.as(),
                    Duration.ofSeconds(30)), JsonNode.class));
        } catch (ApiException e) {
            if (e.code() == ErrorCode.NOT_FOUND) {
                throw ApiException.invalid("input_file_id", "no file " + fileId);
            }
            throw e;
        }
        if (!FilesApi.PURPOSE_BATCH.equals(file.path("purpose").asText())) {
            throw ApiException.invalid("input_file_id", "file " + fileId + " is not a batch input file (its purpose is "
                    + file.path("purpose").asText() + ")");
        }
    }

    @Operation(summary = "List your batches (after, limit 1-100)")
    @GET
    public Uni<Response> list(@Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return relay("GET", uri, ctx);
    }

    @Operation(summary = "Read a batch")
    @GET
    @Path("{id}")
    public Uni<Response> get(@PathParam("id") String id, @Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return relay("GET", uri, ctx);
    }

    @Operation(summary = "Cancel a batch: what has not started never runs; what runs finishes")
    @POST
    @Path("{id}/cancel")
    @Consumes(MediaType.WILDCARD)
    public Uni<Response> cancel(@PathParam("id") String id, @Context UriInfo uri, @Context ContainerRequestContext ctx) {
        return relay("POST", uri, ctx);
    }

    private Uni<Response> relay(String method, UriInfo uri, ContainerRequestContext ctx) {
        return forwarder.relay(method, owners.routing(), uri, ctx, Caller.of(identity), "POST".equals(method) ? "{}" : null);
    }

    private static void delete(java.nio.file.Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // the temporary folder's own cleaning takes it
            }
        }
    }
}
