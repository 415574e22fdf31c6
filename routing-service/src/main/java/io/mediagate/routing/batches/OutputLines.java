package io.mediagate.routing.batches;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.jobs.GenerationAnswer;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The lines of a batch's output and error files, in OpenAI's shape: {@code {id: "batch_req_…", custom_id, response:
 * {status_code, request_id, body}, error}}. A request that ran, or that its endpoint refused, has a {@code response}
 * whose body is what the synchronous call would have answered (the generation's answer, OpenAI's video object for
 * {@code /v1/videos}, or the error envelope); one
 * that never ran (the batch was cancelled or expired first) has {@code response: null} and an {@code error}.
 */
final class OutputLines {
    private OutputLines() {
    }

    /** The line of a job that ended with {@code reply}. */
    static String ended(ObjectMapper json, String customId, String requestId, GenerationReply reply, Instant endedAt) {
        if (reply.success()) {
            return answered(json, customId, requestId, 200, GenerationAnswer.of(reply, reply.data(), endedAt.getEpochSecond()));
        }
        int status = reply.error() == null ? 500 : ErrorCode.fromCode(reply.error().code).status();
        return answered(json, customId, requestId, status, reply.error());
    }

    /** The line of a request answered {@code status} with {@code body}. */
    static String answered(ObjectMapper json, String customId, String requestId, int status, Object body) {
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("status_code", status);
        response.put("request_id", requestId);
        response.put("body", body);
        return write(json, customId, response, null);
    }

    /** The line of a request that never ran: {@code batch_cancelled} or {@code batch_expired}. */
    static String notRun(ObjectMapper json, String customId, String code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        return write(json, customId, null, error);
    }

    /** Whether a stored line goes to the output file (a 2xx answer) rather than the error file. */
    static boolean succeeded(String status) {
        return BatchLineRecord.SUCCEEDED.equals(status);
    }

    private static String write(ObjectMapper json, String customId, Object response, Object error) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("id", "batch_req_" + UUID.randomUUID().toString().replace("-", ""));
        line.put("custom_id", customId);
        line.put("response", response);
        line.put("error", error);
        try {
            return json.writeValueAsString(line);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a batch output line", e);
        }
    }
}
