package io.mediagate.pipeline.worker;

import io.mediagate.ffmpeg.Scratch;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * Files a stage of this process staged, kept on its local disk for a later stage of the same job in this process, so
 * that it does not download what was just uploaded (the thumbnail stage reads the renditions the transcode stage made),
 * and files a stage made for a later one here without staging them (the stills the transcode stage takes in its decode).
 * Kept by staging key, as hard links where the disk allows. A job's copies go when the stage that reads them is done
 * ({@link #forget}), or after {@link #LIFETIME} when that stage ran in another process and never asked. A stage redone
 * elsewhere may stage a new encode under the same key; a copy kept here is then an equal rendition of the same video.
 */
@ApplicationScoped
public class LocalCopies {
    static final Duration LIFETIME = Duration.ofMinutes(30);
    private static final Duration SWEEP_EVERY = Duration.ofMinutes(5);
    private static final Logger LOG = Logger.getLogger(LocalCopies.class);
    private final Path root;
    private final Clock clock;
    private Instant swept = Instant.EPOCH;

    LocalCopies(PipelineConfig config, Clock clock) {
        this.root = config.workDir().resolve("kept");
        this.clock = clock;
    }

    /** Keeps {@code file}, just staged under {@code key}; best effort. */
    public void keep(String key, Path file) {
        Path copy = root.resolve(key);
        try {
            Files.createDirectories(copy.getParent());
            link(file, copy);
        } catch (IOException e) {
            LOG.debugf("no local copy of %s: %s", key, e.toString());
        }
        sweep();
    }

    /** Puts the object staged under {@code key} at {@code target}: this process's copy when it has one, else downloaded. */
    public void fetch(StagingBucket bucket, String key, Path target) {
        if (!local(key, target)) {
            bucket.download(key, target);
        }
    }

    /** Puts this process's copy kept under {@code key} at {@code target}, if it has one; whether it did. */
    public boolean local(String key, Path target) {
        Path copy = root.resolve(key);
        if (!Files.isRegularFile(copy)) {
            return false;
        }
        try {
            link(copy, target);
            return true;
        } catch (IOException e) {
            LOG.debugf("the local copy of %s is unreadable: %s", key, e.toString());
            return false;
        }
    }

    /** Lets the copy kept under {@code key} go, if there is one. */
    public void drop(String key) {
        try {
            Files.deleteIfExists(root.resolve(key));
        } catch (IOException e) {
            LOG.debugf("the local copy of %s was not dropped: %s", key, e.toString());
        }
    }

    /** Lets job {@code jobId}'s copies go. */
    public void forget(String jobId) {
        Scratch.delete(root.resolve(StagingBucket.key(jobId, "")));
    }

    private static void link(Path from, Path to) throws IOException {
        Files.deleteIfExists(to);
        try {
            Files.createLink(to, from);
        } catch (IOException | UnsupportedOperationException e) {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Now and then, drops the copies of jobs kept longer than {@link #LIFETIME}. */
    private synchronized void sweep() {
        Instant now = clock.instant();
        if (swept.plus(SWEEP_EVERY).isAfter(now)) {
            return;
        }
        swept = now;
        FileTime before = FileTime.from(now.minus(LIFETIME));
        try (Stream<Path> jobs = Files.list(root.resolve("jobs"))) {
            jobs.filter(job -> {
                try {
                    return Files.getLastModifiedTime(job).compareTo(before) < 0;
                } catch (IOException e) {
                    return false;
                }
            }).forEach(Scratch::delete);
        } catch (IOException e) {
            LOG.debugf("local copies not swept: %s", e.toString());
        }
    }
}
