package io.mediagate.gateway.batchfiles;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.mediagate.common.io.BoundedLines;
import java.io.IOException;
import java.io.InputStream;

/**
 * A JSONL file read the one way both its readers need (the upload's check, {@link JsonlCheck}, and a batch's
 * parsing): a line at a time, each at most {@value #MAX_LINE_BYTES} bytes of UTF-8 ({@link BoundedLines.TooLong}
 * past that), blank lines skipped, a byte order mark at the start allowed, each line parsed as one JSON value with
 * nothing after it. The file is never held whole.
 */
public final class JsonLines {
    /** The longest line: a request of any of the batch endpoints, its images given as addresses, is far shorter. */
    public static final int MAX_LINE_BYTES = 1024 * 1024;
    private final ObjectReader reader;

    /** What is done with each non-blank line: its number (from 1), its value, or why it is not JSON (then value is null). */
    public interface Visitor {
        /** False to stop reading. */
        boolean line(int number, JsonNode value, IOException notJson) throws IOException;
    }

    public JsonLines(ObjectMapper json) {
        this.reader = json.readerFor(JsonNode.class).with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    public void read(InputStream in, Visitor visitor) throws IOException {
        try (BoundedLines lines = new BoundedLines(in, MAX_LINE_BYTES)) {
            byte[] line;
            while ((line = lines.next()) != null) {
                int from = lines.number() == 1 ? bom(line) : 0;
                if (blank(line, from)) {
                    continue;
                }
                JsonNode value = null;
                IOException notJson = null;
                try {
                    value = reader.readValue(line, from, line.length - from);
                } catch (IOException e) { // malformed JSON or UTF-8, an encoding that is not UTF-8: the line's fault
                    notJson = e;
                }
                if (!visitor.line(lines.number(), value, notJson)) {
                    return;
                }
            }
        }
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
}
