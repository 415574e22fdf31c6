package io.mediagate.gateway.images;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ApiExceptionMapper;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.common.media.MaskAlpha;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jboss.resteasy.reactive.server.multipart.FileItem;
import org.jboss.resteasy.reactive.server.multipart.FormValue;
import org.jboss.resteasy.reactive.server.multipart.MultipartFormDataInput;

/**
 * A multipart image edit or variation, read the way OpenAI clients send it: the files ({@code image}, or
 * {@code image[]} up to {@value #MAX_IMAGES}, each a PNG, JPEG or WebP of at most 20 MB; an optional PNG
 * {@code mask} with an alpha channel and the first image's size) and the text fields, which become the same
 * fields a JSON generation has: OpenAI's text fields stay text, {@code n} and {@code output_compression} are
 * integers, {@code public} a boolean, and any other field (a model extra) a number or boolean when it reads
 * as one. Every refusal names the field.
 */
public record ImageForm(ObjectNode fields, List<UploadedImage> images, UploadedImage mask) {
    static final int MAX_IMAGES = 16;
    static final long MAX_FILE_BYTES = 20L * 1024 * 1024;
    private static final Set<String> IMAGE_TYPES = Set.of("image/png", "image/jpeg", "image/webp");
    private static final Set<String> FILES = Set.of("image", "image[]", "mask");
    private static final Set<String> TEXT = Set.of("model", "prompt", "size", "response_format", "provider", "routing",
            "quality", "background", "output_format", "input_fidelity", "moderation", "user", "style");
    private static final Set<String> INTEGERS = Set.of("n", "output_compression");
    /** Text values longer than this are refused (a prompt is at most 1000 characters). */
    private static final int MAX_TEXT = 8192;
    /** How much of a file is read to tell its type and size (a JPEG's frame header may follow large metadata). */
    private static final int HEAD = 512 * 1024;
    private static final Pattern INTEGER = Pattern.compile("-?[0-9]{1,18}");
    private static final Pattern DECIMAL = Pattern.compile("-?[0-9]{1,18}\\.[0-9]{1,18}");

    /** Reads {@code form}; {@code withMask} is false for variations, which take no mask. */
    public static ImageForm read(ObjectMapper json, MultipartFormDataInput form, boolean withMask) {
        Map<String, Collection<FormValue>> values = form == null ? Map.of() : form.getValues();
        ObjectNode fields = fields(json, values, FILES);
        List<FormValue> files = new ArrayList<>(values.getOrDefault("image", List.of()));
        files.addAll(values.getOrDefault("image[]", List.of()));
        if (files.isEmpty()) {
            throw ApiException.invalid("image", "image is required: send the picture as a file field named image (or image[])");
        }
        if (files.size() > MAX_IMAGES) {
            throw ApiException.invalid("image", "at most " + MAX_IMAGES + " images may be sent");
        }
        List<UploadedImage> images = new ArrayList<>(files.size());
        for (FormValue file : files) {
            images.add(image("image", file));
        }
        Collection<FormValue> masks = values.getOrDefault("mask", List.of());
        if (!masks.isEmpty() && !withMask) {
            throw ApiException.invalid("mask", "a variation takes no mask");
        }
        if (masks.size() > 1) {
            throw ApiException.invalid("mask", "mask must be given once");
        }
        UploadedImage mask = masks.isEmpty() ? null : mask(masks.iterator().next(), images.getFirst());
        return new ImageForm(fields, images, mask);
    }

    /** The text fields of a form, typed as described above; {@code files} names the fields that carry files. */
    public static ObjectNode fields(ObjectMapper json, Map<String, Collection<FormValue>> values, Set<String> files) {
        ObjectNode fields = json.createObjectNode();
        values.forEach((name, list) -> {
            if (files.contains(name)) {
                return;
            }
            if (list.size() != 1) {
                throw ApiException.invalid(name, name + " must be given once");
            }
            FormValue value = list.iterator().next();
            if (value.isFileItem()) {
                throw ApiException.invalid(name, name + " must be a text field, not a file");
            }
            put(fields, name, value.getValue());
        });
        return fields;
    }

    /**
     * The answer to a form the server could not parse (cut short, a broken boundary): the request's fault,
     * 400, never a 500. The form resources map the parser's {@link java.io.IOException} to it.
     */
    public static Response malformed() {
        return ApiExceptionMapper.render(ApiException.invalid(null, "the multipart body is malformed or cut short"));
    }

    private static void put(ObjectNode fields, String name, String value) {
        if (value.length() > MAX_TEXT) {
            throw ApiException.invalid(name, name + " is too long");
        }
        if (TEXT.contains(name)) {
            fields.put(name, value);
        } else if (INTEGERS.contains(name)) {
            try {
                fields.put(name, Integer.parseInt(value.trim()));
            } catch (NumberFormatException e) {
                throw ApiException.invalid(name, name + " must be an integer");
            }
        } else if (name.equals("public")) {
            String v = value.trim();
            if (!v.equals("true") && !v.equals("false")) {
                throw ApiException.invalid(name, "public must be true or false");
            }
            fields.put(name, Boolean.parseBoolean(v));
        } else {
            putInferred(fields, name, value.trim());
        }
    }

    /** A model extra: a number or boolean when it reads as one, else text. */
    private static void putInferred(ObjectNode fields, String name, String value) {
        if (value.equals("true") || value.equals("false")) {
            fields.put(name, Boolean.parseBoolean(value));
            return;
        }
        if (INTEGER.matcher(value).matches()) {
            fields.put(name, Long.parseLong(value));
            return;
        }
        if (DECIMAL.matcher(value).matches()) {
            fields.put(name, new BigDecimal(value));
            return;
        }
        fields.put(name, value);
    }

    /** A file field holding a PNG, JPEG or WebP of at most 20 MB, checked by its bytes. */
    public static UploadedImage image(String field, FormValue value) {
        if (!value.isFileItem()) {
            throw ApiException.invalid(field, field + " must be a file (multipart file field), not text");
        }
        FileItem file = value.getFileItem();
        long length = length(field, file);
        byte[] head = head(field, file);
        String mime = ContentSniffer.mime(head).filter(IMAGE_TYPES::contains).orElseThrow(() ->
                new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, field + " must be a PNG, JPEG or WebP image", field));
        ContentSniffer.Dimensions size = ContentSniffer.dimensions(head).orElseThrow(() ->
                new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, field + " is not a readable " + mime + " image", field));
        return new UploadedImage(field, mime, size.width(), size.height(), length, file);
    }

    private static UploadedImage mask(FormValue value, UploadedImage first) {
        UploadedImage mask = image("mask", value);
        MaskAlpha.check(mask.mime(), mask.mime().equals("image/png") ? head("mask", mask.file()) : new byte[0], mask.width(), mask.height(),
                first.width(), first.height());
        return mask;
    }

    private static long length(String field, FileItem file) {
        try {
            long length = file.getFileSize();
            if (length > MAX_FILE_BYTES) {
                throw new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, field + " files are limited to 20 MB", field);
            }
            return length;
        } catch (IOException e) {
            throw ApiException.invalid(field, field + " could not be read");
        }
    }

    private static byte[] head(String field, FileItem file) {
        try (InputStream in = file.getInputStream()) {
            return in.readNBytes(HEAD);
        } catch (IOException e) {
            throw ApiException.invalid(field, field + " could not be read");
        }
    }
}
