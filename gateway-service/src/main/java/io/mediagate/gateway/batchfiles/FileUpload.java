package io.mediagate.gateway.batchfiles;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.media.FilesApi;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.resteasy.reactive.server.multipart.FileItem;
import org.jboss.resteasy.reactive.server.multipart.FormValue;
import org.jboss.resteasy.reactive.server.multipart.MultipartFormDataInput;

/**
 * {@code POST /v1/files} as OpenAI's SDKs send it: a multipart form with one {@code file}, its {@code purpose} and
 * optionally {@code expires_after[anchor]=created_at} with {@code expires_after[seconds]} (both or neither). Only
 * {@code purpose=batch} is kept here; any other purpose, any other field, is refused naming it.
 */
record FileUpload(String filename, FileItem file, Long expiresAfterSeconds) {
    private static final String FILE = "file";
    private static final String ANCHOR = "expires_after[anchor]";
    private static final String SECONDS = "expires_after[seconds]";
    private static final Set<String> KNOWN = Set.of(FILE, "purpose", ANCHOR, SECONDS);
    private static final String DEFAULT_NAME = "batch.jsonl";

    static FileUpload read(MultipartFormDataInput form) {
        Map<String, Collection<FormValue>> values = form == null ? Map.of() : form.getValues();
        for (String name : values.keySet()) {
            if (!KNOWN.contains(name)) {
                throw ApiException.invalid(name, "unknown field " + name + "; a file upload takes file, purpose and expires_after");
            }
        }
        String purpose = text(values, "purpose");
        if (purpose == null) {
            throw ApiException.invalid("purpose", "purpose is required: batch");
        }
        if (!purpose.equals(FilesApi.PURPOSE_BATCH)) {
            throw ApiException.invalid("purpose", "purpose " + purpose + " is not kept here: files are for batches (purpose batch)");
        }
        Collection<FormValue> files = values.getOrDefault(FILE, List.of());
        if (files.size() != 1) {
            throw ApiException.invalid(FILE, "send exactly one file, as the multipart file field named file");
        }
        FormValue file = files.iterator().next();
        if (!file.isFileItem()) {
            throw ApiException.invalid(FILE, "file must be a file (multipart file field), not text");
        }
        long size;
        try {
            size = file.getFileItem().getFileSize();
        } catch (java.io.IOException e) {
            throw ApiException.invalid(FILE, "file could not be read");
        }
        if (size > FilesApi.MAX_BYTES) {
            throw new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, "files are limited to " + FilesApi.MAX_BYTES + " bytes", FILE);
        }
        return new FileUpload(name(file.getFileName()), file.getFileItem(), expiry(values));
    }

    private static Long expiry(Map<String, Collection<FormValue>> values) {
        String anchor = text(values, ANCHOR);
        String seconds = text(values, SECONDS);
        if (anchor == null && seconds == null) {
            return null;
        }
        if (anchor == null || seconds == null) {
            throw ApiException.invalid(anchor == null ? ANCHOR : SECONDS, "expires_after needs both anchor and seconds");
        }
        if (!anchor.equals("created_at")) {
            throw ApiException.invalid(ANCHOR, "expires_after[anchor] must be created_at");
        }
        long value;
        try {
            value = Long.parseLong(seconds.trim());
        } catch (NumberFormatException e) {
            throw ApiException.invalid(SECONDS, "expires_after[seconds] must be a whole number of seconds");
        }
        FilesApi.lifetime(value);
        return value;
    }

    private static String text(Map<String, Collection<FormValue>> values, String name) {
        Collection<FormValue> list = values.getOrDefault(name, List.of());
        if (list.isEmpty()) {
            return null;
        }
        if (list.size() > 1) {
            throw ApiException.invalid(name, name + " must be given once");
        }
        FormValue value = list.iterator().next();
        if (value.isFileItem()) {
            throw ApiException.invalid(name, name + " must be a text field, not a file");
        }
        return value.getValue();
    }

    /** The name the client gave (its last path part), or a default; control characters are not kept. */
    private static String name(String given) {
        if (given == null || given.isBlank()) {
            return DEFAULT_NAME;
        }
        String name = given.substring(Math.max(given.lastIndexOf('/'), given.lastIndexOf('\\')) + 1)
                .replaceAll("\\p{Cntrl}", "").strip();
        if (name.isEmpty()) {
            return DEFAULT_NAME;
        }
        return name.length() > FilesApi.MAX_FILENAME ? name.substring(0, FilesApi.MAX_FILENAME) : name;
    }
}
