package io.mediagate.pipeline.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.staging.StagingBucket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rendition the transcode stage staged is read back from this process's disk by the thumbnail stage, not downloaded. */
class LocalCopiesTest {
    @TempDir
    Path dir;

    private LocalCopies copies() {
        Path work = dir.resolve("work");
        return new LocalCopies(new PipelineConfig() {
            @Override
            public List<String> stages() {
                return List.of("transcode", "thumbnail");
            }

            @Override
            public Path workDir() {
                return work;
            }

            @Override
            public int maxAttempts() {
                return 3;
            }

            @Override
            public Duration backoff() {
                return Duration.ofSeconds(1);
            }

            @Override
            public Duration stepTimeout() {
                return Duration.ofMinutes(1);
            }
        }, Clock.systemUTC());
    }

    @Test
    void aKeptFileIsFetchedWithoutTheBucketUntilItsJobIsForgotten() throws Exception {
        LocalCopies copies = copies();
        String job = "job_localcopies1";
        String key = StagingBucket.key(job, "out/480p.mp4");
        Path made = Files.write(dir.resolve("480p.mp4"), new byte[] {1, 2, 3, 4});
        copies.keep(key, made);
        Files.delete(made); // as the stage's scratch directory goes

        Path read = dir.resolve("read.mp4");
        copies.fetch(null, key, read); // a download would need the bucket
        assertArrayEquals(new byte[] {1, 2, 3, 4}, Files.readAllBytes(read));

        copies.forget(job);
        assertThrows(NullPointerException.class, () -> copies.fetch(null, key, dir.resolve("again.mp4")),
                "once forgotten, it is downloaded");
    }

    @Test
    void aStillMadeForTheThumbnailStageIsFoundHereOnlyWhileItsJobIsNotForgotten() throws Exception {
        LocalCopies copies = copies();
        String job = "job_localcopies2";
        String key = StagingBucket.key(job, "stills/thumbnail.webp");
        Path target = dir.resolve("poster.webp");
        assertFalse(copies.local(key, target), "nothing made: the thumbnail stage makes it itself");
        copies.keep(key, Files.write(dir.resolve("made.webp"), new byte[] {5, 6}));

        assertTrue(copies.local(key, target));
        assertArrayEquals(new byte[] {5, 6}, Files.readAllBytes(target));
        copies.forget(job);
        assertFalse(copies.local(key, dir.resolve("again.webp")));
    }
}
