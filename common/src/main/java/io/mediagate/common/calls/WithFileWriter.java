package io.mediagate.common.calls;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;

/** Writes a {@link WithFile}: its command as one JSON line, then the file's bytes. */
final class WithFileWriter implements MessageBodyWriter<WithFile> {
    private final ObjectMapper json;

    WithFileWriter(ObjectMapper json) {
        this.json = json.copy().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    }

    @Override
    public boolean isWriteable(Class<?> type, Type generic, Annotation[] annotations, MediaType media) {
        return type == WithFile.class;
    }

    @Override
    public void writeTo(WithFile body, Class<?> type, Type generic, Annotation[] annotations, MediaType media,
                        MultivaluedMap<String, Object> headers, OutputStream out) throws IOException {
        json.writeValue(out, body.command());
        out.write('\n');
        out.write(body.file());
    }
}
