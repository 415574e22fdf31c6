package io.mediagate.gateway.batchfiles;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.io.BoundedLines;
import io.mediagate.common.media.FilesApi;
import java.io.IOException;
import java.io.InputStream;

/**
 * What an uploaded batch file must be before it is kept: JSONL as {@link JsonLines} reads it, one JSON object per line,
 * at most {@value FilesApi#MAX_LINES} of them. Whether each line is a request the batch's endpoint takes is checked when
 * a batch is made of it.
 */
final class JsonlCheck {
    static final int MAX_LINE_BYTES = JsonLines.MAX_LINE_BYTES;
    private final JsonLines lines;

    JsonlCheck(ObjectMapper json) {
        this.lines = new JsonLines(json);
    }

    /** The number of requests (non-blank lines) in {@code in}; a 400 naming {@code file} and the line otherwise. */
    int requests(InputStream in) throws IOException {
        int[] requests = {0};
        try {
            lines.read(in, (number, value, notJson) -> {
                if (++requests[0] > FilesApi.MAX_LINES) {
                    throw refused("a batch file holds at most " + FilesApi.MAX_LINES + " requests");
                }
                if (notJson != null) {
                    throw refused("line " + number + " is not valid JSON" + column(notJson) + "; each line must be one JSON object");
                }
                if (!value.isObject()) {
                    throw refused("line " + number + " is not a JSON object; each line must be one request object");
                }
                return true;
            });
        } catch (BoundedLines.TooLong e) {
            throw refused("line " + e.line() + " is longer than " + MAX_LINE_BYTES + " bytes");
        }
        if (requests[0] == 0) {
            throw refused("the file holds no requests; a batch file is JSONL, one request object per line");
        }
        return requests[0];
    }

    private static String column(IOException e) {
        return e instanceof JsonProcessingException p && p.getLocation() != null && p.getLocation().getColumnNr() > 0
                ? " (at column " + p.getLocation().getColumnNr() + ")" : "";
    }

    private static ApiException refused(String message) {
        return ApiException.invalid("file", message);
    }
}
