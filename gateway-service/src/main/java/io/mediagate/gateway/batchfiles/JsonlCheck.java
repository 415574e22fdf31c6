package io.mediagate.gateway.batchfiles;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.io.BoundedLines;
import io.mediagate.common.media.FilesApi;
import java.io.IOException;
import java.io.InputStream;

/**
 * What an uploaded batch file must be before it is kept: JSONL, one JSON object per line, at most
 * {@value FilesApi#MAX_LINES} of them, each line at most {@value #MAX_LINE_BYTES} bytes of UTF-8. Blank lines are
 * skipped (a last newline, say); a UTF-8 byte order mark at the start is allowed. Read one line at a time: the file is
 * never held whole. Whether each line is a request the batch's endpoint takes is checked when a batch is made of it.
 */
final class JsonlCheck {
    /** The longest line: a request of any of the batch endpoints, its images given as addresses, is far shorter. */
    static final int MAX_LINE_BYTES = 1024 * 1024;
    private final ObjectReader reader;

    JsonlCheck(ObjectMapper json) {
        this.reader = json.readerFor(JsonNode.class).with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /** The number of requests (non-blank lines) in {@code in}; a 400 naming {@code file} and the line otherwise. */
    int requests(InputStream in) throws IOException {
        int requests = 0;
        try (BoundedLines lines = new BoundedLines(in, MAX_LINE_BYTES)) {
            byte[] line;
            while ((line = lines.next()) != null) {
                int from = lines.number() == 1 ? bom(line) : 0;
                if (blank(line, from)) {
                    continue;
                }
                if (++requests > FilesApi.MAX_LINES) {
                    throw refused("a batch file holds at most " + FilesApi.MAX_LINES + " requests");
                }
                JsonNode node;
                try {
                    node = reader.readValue(line, from, line.length - from);
                } catch (IOException e) { // malformed JSON or UTF-8, an encoding that is not UTF-8: the line's fault
                    throw refused("line " + lines.number() + " is not valid JSON" + column(e) + "; each line must be one JSON object");
                }
                if (!node.isObject()) {
                    throw refused("line " + lines.number() + " is not a JSON object; each line must be one request object");
                }
            }
        } catch (BoundedLines.TooLong e) {
            throw refused("line " + e.line() + " is longer than " + MAX_LINE_BYTES + " bytes");
        }
        if (requests == 0) {
            throw refused("the file holds no requests; a batch file is JSONL, one request object per line");
        }
        return requests;
    }

    private static String column(IOException e) {
        return e instanceof JsonProcessingException p && p.getLocation() != null && p.getLocation().getColumnNr() > 0
                ? " (at column " + p.getLocation().getColumnNr() + ")" : "";
    }

    private static int bom(byte[] line) {
        return line.length >= 3 && (line[0] & 0xff) == 0xef && (line[1] & 0xff) == 0xbb && (line[2] & 0xff) == 0xbf ? 3 : 0;
    }

    private static boolean blank(byte[] line, int from) {
        for (int i = from; i < line.length; i++) {
            byte b = line[i];
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    private static ApiException refused(String message) {
        return ApiException.invalid("file", message);
    }
}
