package io.mediagate.routing.providers;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/** A {@code multipart/form-data} body of text fields and files, for providers that take forms. */
public final class Multipart {
    private final String boundary = "mediagate-" + UUID.randomUUID();
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();

    public Multipart field(String name, Object value) {
        if (value != null) {
            write("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n");
        }
        return this;
    }

    public Multipart file(String name, String fileName, String mime, byte[] bytes) {
        write("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"; filename=\"" + fileName
                + "\"\r\nContent-Type: " + mime + "\r\n\r\n");
        body.writeBytes(bytes);
        write("\r\n");
        return this;
    }

    public String contentType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    public byte[] bytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(body.toByteArray());
        out.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private void write(String s) {
        body.writeBytes(s.getBytes(StandardCharsets.UTF_8));
    }
}
