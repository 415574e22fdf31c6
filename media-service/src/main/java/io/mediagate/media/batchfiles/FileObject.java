package io.mediagate.media.batchfiles;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import io.mediagate.media.records.BatchFileRecord;

/**
 * OpenAI's file object, as its SDKs read it: times in Unix seconds, {@code status} always {@code processed} (the file
 * was checked before it was kept), {@code expires_at} when the file expires.
 */
public record FileObject(String id, String object, long bytes, @JsonProperty("created_at") long createdAt, String filename,
                         String purpose, String status,
                         @JsonProperty("expires_at") @JsonInclude(JsonInclude.Include.NON_NULL) Long expiresAt,
                         @JsonProperty("status_details") String statusDetails) {
    static FileObject of(BatchFileRecord file) {
        return new FileObject(file.id, "file", file.bytes, file.createdAt.getEpochSecond(), file.filename, file.purpose,
                "processed", file.expiresAt == null ? null : file.expiresAt.getEpochSecond(), null);
    }

    /** {@code DELETE}'s answer. */
    public record Deleted(String id, String object, boolean deleted) {}

    /** A page of files: {@code after} the last id to read the next while {@code has_more}. */
    public record Page(String object, List<FileObject> data, @JsonProperty("first_id") String firstId,
                       @JsonProperty("last_id") String lastId, @JsonProperty("has_more") boolean hasMore) {}
}
