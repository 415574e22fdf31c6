package io.mediagate.media.storage;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * What signing one stored image costs, three ways in one run (bench/sigv4.sh): the PUT media-service sends, signed by
 * the AWS SDK's {@code AwsV4HttpSigner} ({@link SigV4#put}); the SDK's S3 presigner for the same PUT (the whole
 * presign pipeline); and the floor, the five HMAC-SHA256 and one SHA-256 every SigV4 signature needs, alone.
 * Prints p50/p99 in microseconds per signature and each way's ratio to the floor.
 */
public final class SigningBench {
    private static final String ACCESS = "AKIAIOSFODNN7EXAMPLE";
    private static final String SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

    private SigningBench() {
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        URI endpoint = URI.create("http://127.0.0.1:9000/");
        SigV4 signer = new SigV4(ACCESS, SECRET, "us-east-1", "s3");
        S3Presigner presigner = S3Presigner.builder().region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS, SECRET)))
                .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(true).build())
                .endpointOverride(endpoint).build();
        Instant now = Instant.parse("2026-11-28T12:00:00Z");
        double floor = report("floor (HMAC chain + SHA-256)", n, i -> floor("usr_1/med_" + i + ".png", now), 0);
        report("SDK signer (AwsV4HttpSigner), media-service's PUT", n,
                i -> signer.put(endpoint, "media", "usr_1/med_" + i + ".png", now).headers().size(), floor);
        report("SDK S3Presigner, presignPutObject", n / 10, i -> presigner.presignPutObject(p -> p.signatureDuration(Duration.ofMinutes(5))
                .putObjectRequest(o -> o.bucket("media").key("usr_1/med_" + i + ".png").contentType("image/png"))).url().toString().length(), floor);
        presigner.close();
    }

    private interface Work {
        int run(int i) throws Exception;
    }

    /** Times {@code n} runs after as many unmeasured; prints p50/p99 and the p50's ratio to {@code floor} (0: none). */
    private static double report(String name, int n, Work work, double floor) throws Exception {
        long sink = 0;
        for (int i = 0; i < n; i++) {
            sink += work.run(i);
        }
        long[] took = new long[n];
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            sink += work.run(i);
            took[i] = System.nanoTime() - start;
        }
        Arrays.sort(took);
        double p50 = took[n / 2] / 1000.0;
        double p99 = took[(int) (n * 0.99)] / 1000.0;
        System.out.printf("%-52s p50 %7.1f us   p99 %7.1f us%s   (%d)%n", name, p50, p99,
                floor > 0 ? String.format("   x%.1f the floor", p50 / floor) : "", sink % 10);
        return p50;
    }

    private static int floor(String key, Instant now) throws Exception {
        String day = "20261128";
        byte[] signingKey = hmac(hmac(hmac(hmac(("AWS4" + SECRET).getBytes(StandardCharsets.UTF_8), day), "us-east-1"), "s3"), "aws4_request");
        String canonical = "PUT\n/media/" + key + "\n\nhost:127.0.0.1:9000\nx-amz-content-sha256:UNSIGNED-PAYLOAD\nx-amz-date:"
                + now.getEpochSecond() + "\n\nhost;x-amz-content-sha256;x-amz-date\nUNSIGNED-PAYLOAD";
        byte[] hash = java.security.MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(hmac(signingKey, "AWS4-HMAC-SHA256\n" + day + "\n" + HexFormat.of().formatHex(hash))).length();
    }

    private static byte[] hmac(byte[] key, String data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    }
}
