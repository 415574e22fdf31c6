package io.mediagate.routing.batches;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.batches.BatchesApi;
import io.mediagate.common.internal.InternalToken;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * A caller's batches, read and cancelled as OpenAI's SDKs do (the gateway forwards them as the caller; it creates them
 * at {@link BatchCreation}). Another account's batch is 404.
 */
@Path(BatchesApi.ROOT)
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class BatchesResource {
    private static final Pattern ID = Pattern.compile("batch_[A-Za-z0-9]{8,60}");
    private static final int MAX_PAGE = 100;
    private static final int DEFAULT_PAGE = 20;
    private final JsonWebToken caller;
    private final ObjectMapper json;
    private final BatchCancellation cancellation;

    BatchesResource(JsonWebToken caller, ObjectMapper json, BatchCancellation cancellation) {
        this.caller = caller;
        this.json = json;
        this.cancellation = cancellation;
    }

    @GET
    public Map<String, Object> list(@QueryParam("after") String after, @QueryParam("limit") Integer limit) {
        int size = limit == null ? DEFAULT_PAGE : limit;
        if (size < 1 || size > MAX_PAGE) {
            throw ApiException.invalid("limit", "limit must be 1 to " + MAX_PAGE);
        }
        List<BatchRecord> rows = QuarkusTransaction.requiringNew().call(() -> page(caller.getSubject(), after, size + 1));
        List<Map<String, Object>> data = rows.stream().limit(size).map(b -> BatchObject.of(b, json)).toList();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("object", "list");
        out.put("data", data);
        out.put("first_id", data.isEmpty() ? null : data.getFirst().get("id"));
        out.put("last_id", data.isEmpty() ? null : data.getLast().get("id"));
        out.put("has_more", rows.size() > size);
        return out;
    }

    @GET
    @Path("{id}")
    public Map<String, Object> get(@PathParam("id") String id) {
        return BatchObject.of(owned(id), json);
    }

    @POST
    @Path("{id}/cancel")
    @Consumes(MediaType.WILDCARD)
    public Map<String, Object> cancel(@PathParam("id") String id) {
        owned(id);
        return BatchObject.of(cancellation.cancel(id), json);
    }

    private BatchRecord owned(String id) {
        BatchRecord batch = ID.matcher(id).matches()
                ? QuarkusTransaction.requiringNew().call(() -> BatchRecord.<BatchRecord>findById(id)) : null;
        if (batch == null || !batch.userId.equals(caller.getSubject())) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no batch " + id);
        }
        return batch;
    }

    /** Newest first, after the batch {@code after} (an unknown one reads an empty page, so a client's paging ends). */
    private static List<BatchRecord> page(String owner, String after, int size) {
        if (after == null) {
            return BatchRecord.<BatchRecord>find("userId = ?1 order by createdAt desc, id desc", owner).page(0, size).list();
        }
        BatchRecord cursor = BatchRecord.findById(after);
        if (cursor == null || !cursor.userId.equals(owner)) {
            return List.of();
        }
        return BatchRecord.<BatchRecord>find("userId = ?1 and (createdAt < ?2 or (createdAt = ?2 and id < ?3))"
                + " order by createdAt desc, id desc", owner, cursor.createdAt, cursor.id).page(0, size).list();
    }
}
