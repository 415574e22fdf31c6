package io.mediagate.media.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;

class SigV4Test {
    private final SigV4 signer = new SigV4("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "us-east-1", "s3");

    /** The worked example of AWS's S3 SigV4 documentation: GET /test.txt with a Range header, an empty payload signed. */
    @Test
    void signsTheDocumentedExampleRequest() {
        SdkHttpRequest request = SdkHttpRequest.builder().uri(URI.create("https://examplebucket.s3.amazonaws.com/test.txt"))
                .method(SdkHttpMethod.GET).putHeader("Range", "bytes=0-9").build();
        String authorization = signer.sign(request, new byte[0], Instant.parse("2013-05-24T00:00:00Z")).request()
                .firstMatchingHeader("Authorization").orElseThrow();
        assertEquals("AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                        + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
                        + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
                authorization);
    }

    @Test
    void aPutIsPathStyleWithEncodedKeyAndUnsignedPayload() {
        SigV4.Signed signed = signer.put(URI.create("http://127.0.0.1:9000/"), "media", "usr_1/a b+c.png",
                Instant.parse("2026-11-23T10:15:30Z"));
        assertEquals("http://127.0.0.1:9000/media/usr_1/a%20b%2Bc.png", signed.uri().toString());
        java.util.Map<String, String> headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.putAll(signed.headers());
        assertEquals("20261123T101530Z", headers.get("x-amz-date"));
        assertEquals("UNSIGNED-PAYLOAD", headers.get("x-amz-content-sha256"));
        assertTrue(headers.get("authorization").startsWith(
                "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20261123/us-east-1/s3/aws4_request, "
                        + "SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature="), signed.headers().toString());
        assertFalse(signed.headers().keySet().stream().anyMatch(h -> h.equalsIgnoreCase("host")),
                "the JDK client sends Host itself, as signed");
    }
}
