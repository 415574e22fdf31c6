package io.mediagate.media.uploads;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;

/** What may be uploaded: the types docs/api-guide.md lists, up to 20 MB for images and 100 MB for videos. */
final class UploadLimits {
    static final long MAX_IMAGE = 20L * 1024 * 1024;
    static final long MAX_VIDEO = 100L * 1024 * 1024;

    private UploadLimits() {
    }

    static String kind(String mime) {
        if (UploadUrls.IMAGE_TYPES.contains(mime)) {
            return "image";
        }
        if (UploadUrls.VIDEO_TYPES.contains(mime)) {
            return "video";
        }
        throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "uploads must be one of "
                + UploadUrls.IMAGE_TYPES + " or " + UploadUrls.VIDEO_TYPES, "mime");
    }

    static long max(String kind) {
        return "video".equals(kind) ? MAX_VIDEO : MAX_IMAGE;
    }

    static void checkSize(String kind, long bytes, String param) {
        if (bytes > max(kind)) {
            throw new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, kind + " uploads are limited to " + (max(kind) / (1024 * 1024))
                    + " MB", param);
        }
    }
}
