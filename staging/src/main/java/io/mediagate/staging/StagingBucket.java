package io.mediagate.staging;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.HeadBucketRequest;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The staging bucket: video files between pipeline steps, under {@code jobs/{jobId}/}. Keys are made by
 * {@link #key}, never from caller input. A {@code cancelled} marker under a job tells every step to stop.
 */
public final class StagingBucket {
    private final S3Client s3;
    private final String bucket;

    public StagingBucket(S3Client s3, String bucket) {
        this.s3 = s3;
        this.bucket = bucket;
    }

    public String bucket() {
        return bucket;
    }

    public static String key(String jobId, String name) {
        if (!jobId.matches("job_[A-Za-z0-9]{8,64}") || name.contains("..") || name.startsWith("/")) {
            throw new IllegalArgumentException("bad staging key " + jobId + "/" + name);
        }
        return "jobs/" + jobId + "/" + name;
    }

    /** Creates the bucket when it does not exist yet. */
    public void ensure() {
        try {
            s3.headBucket(HeadBucketRequest.builder().bucket(bucket).build());
        } catch (S3Exception e) {
            if (e.statusCode() != 404) {
                throw e;
            }
            try {
                s3.createBucket(b -> b.bucket(bucket));
            } catch (S3Exception raced) {
                if (raced.statusCode() != 409) {
                    throw raced;
                }
            }
        }
    }

    /** Uploads {@code file} under {@code key}; returns its size. */
    public long upload(String key, Path file, String mime) {
        try {
            long size = Files.size(file);
            s3.putObject(b -> b.bucket(bucket).key(key).contentType(mime).contentLength(size), RequestBody.fromFile(file));
            return size;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Uploads {@code bytes} under {@code key} (a small file: a preview still). */
    public void upload(String key, byte[] bytes, String mime) {
        s3.putObject(b -> b.bucket(bucket).key(key).contentType(mime).contentLength((long) bytes.length), RequestBody.fromBytes(bytes));
    }

    /** The object under {@code key} whole (a small file), or empty when there is none. */
    public java.util.Optional<byte[]> read(String key) {
        try {
            return java.util.Optional.of(s3.getObjectAsBytes(b -> b.bucket(bucket).key(key)).asByteArray());
        } catch (NoSuchKeyException e) {
            return java.util.Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return java.util.Optional.empty();
            }
            throw e;
        }
    }

    /** Downloads {@code key} to {@code file}, replacing it. */
    public void download(String key, Path file) {
        try (var in = s3.getObject(b -> b.bucket(bucket).key(key))) {
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean exists(String key) {
        try {
            s3.headObject(b -> b.bucket(bucket).key(key));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return false;
            }
            throw e;
        }
    }

    public void markCancelled(String jobId) {
        s3.putObject(b -> b.bucket(bucket).key(key(jobId, "cancelled")).contentLength(0L), RequestBody.empty());
    }

    public boolean cancelled(String jobId) {
        return exists(key(jobId, "cancelled"));
    }

    /** Deletes everything staged for the job. */
    public void clear(String jobId) {
        String prefix = key(jobId, "");
        ListObjectsV2Response page;
        String token = null;
        do {
            String continuation = token;
            page = s3.listObjectsV2(b -> b.bucket(bucket).prefix(prefix).continuationToken(continuation));
            for (S3Object object : page.contents()) {
                s3.deleteObject(b -> b.bucket(bucket).key(object.key()));
            }
            token = page.nextContinuationToken();
        } while (Boolean.TRUE.equals(page.isTruncated()));
    }
}
