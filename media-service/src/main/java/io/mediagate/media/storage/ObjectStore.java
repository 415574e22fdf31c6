package io.mediagate.media.storage;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadBucketRequest;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** The media bucket on any S3-compatible store. Keys are chosen by media-service, never by callers. */
@Startup
@ApplicationScoped
public class ObjectStore {
    private static final Logger LOG = Logger.getLogger(ObjectStore.class);
    private final S3Client s3;
    private final SigV4 signer;
    private final URI endpoint;
    private final Clock clock;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final String bucket;

    ObjectStore(S3Client s3, Presigners presigners, @ConfigProperty(name = "mediagate.s3.endpoint") Optional<URI> endpoint,
                @ConfigProperty(name = "mediagate.media.bucket") String bucket, Clock clock) {
        this.s3 = s3;
        this.signer = presigners.signer();
        this.endpoint = presigners.endpoint(endpoint);
        this.clock = clock;
        this.bucket = bucket;
        ensureBucket();
    }

    private void ensureBucket() {
        try {
            s3.headBucket(HeadBucketRequest.builder().bucket(bucket).build());
        } catch (NoSuchBucketException e) {
            s3.createBucket(b -> b.bucket(bucket));
            LOG.infof("created bucket %s", bucket);
        } catch (S3Exception e) {
            if (e.statusCode() != 404) {
                throw e;
            }
            s3.createBucket(b -> b.bucket(bucket));
            LOG.infof("created bucket %s", bucket);
        }
    }

    /**
     * Stores the bytes and returns the store's ETag (unquoted). One plain HTTP PUT signed with SigV4 by the SDK's signer
     * ({@link SigV4}): none of the SDK client's per-request pipeline and no hash of the payload over it
     * ({@code UNSIGNED-PAYLOAD}); the store checks the signature and the length.
     */
    public String put(String key, String mime, byte[] bytes) {
        SigV4.Signed signed = signer.put(endpoint, bucket, key, clock.instant());
        HttpRequest.Builder request = HttpRequest.newBuilder(signed.uri()).timeout(Duration.ofSeconds(60))
                .header("Content-Type", mime)
                .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes));
        signed.headers().forEach(request::header);
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("the object store refused " + key + ": " + response.statusCode());
            }
            return response.headers().firstValue("ETag").orElse("").replace("\"", "");
        } catch (IOException e) {
            throw new UncheckedIOException("the object store is unreachable", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Copies an object of another bucket (the staging bucket) in; returns the store's ETag (unquoted). */
    public String copyIn(String sourceBucket, String sourceKey, String key, String mime) {
        String etag = s3.copyObject(b -> b.sourceBucket(sourceBucket).sourceKey(sourceKey)
                .destinationBucket(bucket).destinationKey(key)
                .contentType(mime).metadataDirective(software.amazon.awssdk.services.s3.model.MetadataDirective.REPLACE))
                .copyObjectResult().eTag();
        return etag == null ? "" : etag.replace("\"", "");
    }

    /** Opens the object, whole or the inclusive byte range {@code first..last}. */
    public Optional<ResponseInputStream<GetObjectResponse>> open(String key, Long first, Long last) {
        try {
            return Optional.of(s3.getObject(b -> {
                b.bucket(bucket).key(key);
                if (first != null) {
                    b.range("bytes=" + first + "-" + last);
                }
            }));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        }
    }

    /** The size of an object, or empty when there is none. */
    public Optional<Long> size(String key) {
        try {
            return Optional.of(s3.headObject(b -> b.bucket(bucket).key(key)).contentLength());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** Copies an object to another key of this bucket; returns the copy's ETag (unquoted). */
    public String copy(String from, String to, String mime) {
        return copyIn(bucket, from, to, mime);
    }

    /** Stores a local file; returns the store's ETag (unquoted). */
    public String put(String key, String mime, java.nio.file.Path file) {
        String etag = s3.putObject(b -> b.bucket(bucket).key(key).contentType(mime), RequestBody.fromFile(file)).eTag();
        return etag == null ? "" : etag.replace("\"", "");
    }

    /** Copies an object to a local file. */
    public void download(String key, java.nio.file.Path file) {
        try (var in = s3.getObject(b -> b.bucket(bucket).key(key))) {
            java.nio.file.Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public String bucket() {
        return bucket;
    }

    /** Removes an object; removing one that is gone already is fine. */
    public void delete(String key) {
        s3.deleteObject(b -> b.bucket(bucket).key(key));
    }

    /** For readiness: the bucket answers. */
    public void check() {
        s3.headBucket(HeadBucketRequest.builder().bucket(bucket).build());
    }
}
