package io.mediagate.routing.providers.bedrock;

import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What AWS does with a signed request, written from the Signature Version 4 description and independent of the SDK
 * that signs: rebuild the canonical request from what arrived (Bedrock's path encoded once more, S3's as sent), derive
 * the signing key from the secret, date, region and service, and compare. Wrong answers are AWS's own 403s.
 */
final class SigV4Check {
    static final String SECRET_KEY = "bedrock-secret-access-key-1";
    static final String REGION = "us-east-1";
    private static final Pattern AUTHORIZATION = Pattern.compile(
            "AWS4-HMAC-SHA256 Credential=([^/]+)/(\\d{8})/([^/]+)/([^/]+)/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})");

    private SigV4Check() {
    }

    /** Null when {@code request} is signed by {@code accessKey} with {@link #SECRET_KEY} for {@code service}, else AWS's refusal. */
    static Reply refused(FakeUpstream.Recorded request, String service, String accessKey) throws Exception {
        String authorization = request.header("Authorization");
        Matcher m = authorization == null ? null : AUTHORIZATION.matcher(authorization);
        if (m == null || !m.matches()) {
            return error(403, "MissingAuthenticationTokenException", "Missing Authentication Token");
        }
        if (!m.group(1).equals(accessKey)) {
            return error(403, "UnrecognizedClientException", "The security token included in the request is invalid.");
        }
        if (!m.group(3).equals(REGION) || !m.group(4).equals(service)) {
            return error(403, "InvalidSignatureException", "Credential should be scoped to a valid region and service.");
        }
        String payloadHash = "s3".equals(service) ? request.header("x-amz-content-sha256") : hex(sha256(request.body()));
        if (payloadHash == null || !payloadHash.equals(hex(sha256(request.body())))) {
            return error(400, "XAmzContentSHA256Mismatch", "The provided 'x-amz-content-sha256' header does not match what was computed.");
        }
        StringBuilder canonical = new StringBuilder();
        canonical.append(request.method()).append('\n')
                .append("s3".equals(service) ? request.rawPath() : request.rawPath().replace("%", "%25")).append('\n')
                .append(request.query() == null ? "" : request.query()).append('\n');
        for (String name : m.group(5).split(";")) {
            String value = request.header(name);
            if (value == null) {
                return error(403, "InvalidSignatureException", "Signed header " + name + " is missing.");
            }
            canonical.append(name).append(':').append(value.trim()).append('\n');
        }
        canonical.append('\n').append(m.group(5)).append('\n').append(payloadHash);
        String scope = m.group(2) + "/" + REGION + "/" + service + "/aws4_request";
        String toSign = "AWS4-HMAC-SHA256\n" + request.header("x-amz-date") + "\n" + scope + "\n"
                + hex(sha256(canonical.toString().getBytes(StandardCharsets.UTF_8)));
        byte[] key = hmac(("AWS4" + SECRET_KEY).getBytes(StandardCharsets.UTF_8), m.group(2));
        key = hmac(hmac(hmac(key, REGION), service), "aws4_request");
        if (!MessageDigest.isEqual(hex(hmac(key, toSign)).getBytes(StandardCharsets.UTF_8), m.group(6).getBytes(StandardCharsets.UTF_8))) {
            return error(403, "InvalidSignatureException", "The request signature we calculated does not match the signature you provided.");
        }
        return null;
    }

    /** A Bedrock error: the exception in {@code x-amzn-ErrorType}, its words in {@code message}. */
    static Reply error(int status, String type, String message) {
        return Reply.json(status, Map.of("message", message))
                .with("x-amzn-ErrorType", type + ":http://internal.amazon.com/coral/com.amazon.bedrock/")
                .with("x-amzn-RequestId", "5c5e4a1e-0000-4000-8000-000000000000");
    }

    private static byte[] sha256(byte[] data) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(data);
    }

    private static byte[] hmac(byte[] key, String data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
