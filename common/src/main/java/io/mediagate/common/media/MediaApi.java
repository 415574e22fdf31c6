package io.mediagate.common.media;

import io.mediagate.common.calls.CallAs;
import io.mediagate.common.events.MediaItem;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * media-service's internal API, as its resources serve it (their {@code @Path}s are these constants) and as
 * {@link MediaApiClient} calls it: keeping an item ({@link RegisterMedia}, as a service), reading an item's
 * main file as a user (their own or a public one; 404 {@code not_found} otherwise), and deleting a user's item.
 */
public interface MediaApi {
    String ROOT = "/internal/v1/media";
    /** Under {@link #ROOT}: {@code POST}, a {@link RegisterMedia} as JSON, or {@value RegisterMedia#WITH_FILE}. */
    String REGISTER = "register";
    /** Under {@link #ROOT}: {@code GET}, the item's main file. */
    String CONTENT = "{id}/content";
    /** Under {@link #ROOT}: {@code DELETE}, an item kept in parts that never became ready (its job failed or was cancelled). */
    String UNFINISHED = "{id}/unfinished";
    /**
     * Under {@link #ROOT}: {@code POST}, a {@link ReuseMedia}: a new item of the item's owner sharing its stored files (404
     * {@code not_found} when the item is gone, not ready, or another owner's).
     */
    String REUSE = "{id}/reuse";
    /** The users' items, as the public API shows them. */
    String ITEMS = "/v1/media";
    /** Under {@link #ITEMS}: a user's item; {@code DELETE} deletes it and its files (403 for another's public item). */
    String ITEM = "{id}";

    /** Keeps an item whose files wait in the staging bucket (the video pipeline's). Idempotent on the id. */
    CompletableFuture<MediaItem> register(RegisterMedia command);

    /** Keeps an item whose main file is {@code file}, sent after the command in one body. Idempotent on the id. */
    CompletableFuture<MediaItem> register(RegisterMedia command, byte[] file);

    /** As {@link #register(RegisterMedia, byte[])} for a file on disk, streamed from there (never held in memory whole). */
    CompletableFuture<MediaItem> register(RegisterMedia command, Path file);

    /** The main file of item {@code id} as {@code user} may see it: for small files (an edit's sources). */
    CompletableFuture<byte[]> content(String id, CallAs user);

    /** As {@link #content}, written to {@code target}: for any size (a video to vary). */
    CompletableFuture<Path> download(String id, CallAs user, Path target);

    /** Whether item {@code id} is there for {@code user} (not deleted, not expired, theirs or public). */
    CompletableFuture<Boolean> exists(String id, CallAs user);

    /** A new item ({@code command}) sharing the stored files of item {@code id}, as a service ({@link #REUSE}). Idempotent on the new id. */
    CompletableFuture<MediaItem> reuse(String id, ReuseMedia command);

    /** Deletes item {@code id} with the files kept so far if it is still {@code processing}; nothing otherwise. */
    CompletableFuture<Void> discard(String id);

    /**
     * Keeps {@code file} (JSONL of {@code lines} lines, on disk, streamed) as the Files API file {@code id} of {@code owner},
     * {@code purpose: batch_output}: a batch's output or error file, kept {@code expiresAfter} seconds (null: as long as any
     * batch file). Idempotent on the id.
     */
    CompletableFuture<Void> keepOutputFile(String id, String owner, String filename, int lines, Long expiresAfter, Path file);

    /** Deletes the user's item {@code id}. */
    CompletableFuture<Void> delete(String id, CallAs user);
}
