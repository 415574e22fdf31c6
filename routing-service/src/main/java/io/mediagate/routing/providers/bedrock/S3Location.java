package io.mediagate.routing.providers.bedrock;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** An {@code s3://bucket/key} place: where Nova Reel is told to write, and where it says it wrote. */
record S3Location(String bucket, String key) {
    static Optional<S3Location> parse(String uri) {
        if (uri == null || !uri.matches("s3://[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](/[A-Za-z0-9!_.'()/-]*)?")) {
            return Optional.empty();
        }
        String rest = uri.substring("s3://".length());
        int slash = rest.indexOf('/');
        return Optional.of(slash < 0 ? new S3Location(rest, "") : new S3Location(rest.substring(0, slash), rest.substring(slash + 1).replaceAll("/+$", "")));
    }

    String uri() {
        return "s3://" + bucket + (key.isEmpty() ? "" : "/" + key);
    }

    boolean within(S3Location other) {
        return bucket.equals(other.bucket) && (other.key.isEmpty() || key.equals(other.key) || key.startsWith(other.key + "/"));
    }

    S3Location child(String name) {
        return new S3Location(bucket, key.isEmpty() ? name : key + "/" + name);
    }

    /** The object's URL: path-style at an S3 endpoint override, else the bucket's virtual host in the region. */
    String httpsUrl(String region, String endpoint) {
        String path = Arrays.stream(key.split("/")).map(BedrockCalls::segment).collect(Collectors.joining("/"));
        return endpoint != null ? endpoint + "/" + bucket + "/" + path : "https://" + bucket + ".s3." + region + ".amazonaws.com/" + path;
    }
}
