package io.mediagate.media.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Instant;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SigV4Test {
    private final SigV4 signer = new SigV4("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "us-east-1", "s3");

    /** The worked example of AWS's S3 SigV4 documentation: GET /test.txt with a Range header. */
    @Test
    void signsTheDocumentedExampleRequest() {
        SortedMap<String, String> headers = new TreeMap<>();
        headers.put("host", "examplebucket.s3.amazonaws.com");
        headers.put("range", "bytes=0-9");
        headers.put("x-amz-content-sha256", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        headers.put("x-amz-date", "20130524T000000Z");
        assertEquals("AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
                        + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
                        + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
                signer.authorization("GET", "/test.txt", "", headers, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    }

    @Test
    void aPutIsPathStyleWithEncodedKeyAndUnsignedPayload() {
        SigV4.Signed signed = signer.put(URI.create("http://127.0.0.1:9000/"), "media", "usr_1/a b+c.png",
                Instant.parse("2026-11-23T10:15:30Z"));
        assertEquals("http://127.0.0.1:9000/media/usr_1/a%20b%2Bc.png", signed.uri().toString());
        assertEquals("20261123T101530Z", signed.headers().get("x-amz-date"));
        assertEquals("UNSIGNED-PAYLOAD", signed.headers().get("x-amz-content-sha256"));
        assertTrue(signed.headers().get("Authorization").startsWith(
                "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20261123/us-east-1/s3/aws4_request,"
                        + "SignedHeaders=host;x-amz-content-sha256;x-amz-date,Signature="), signed.headers().toString());
    }

    @Test
    void theHostHeaderCarriesOnlyANonDefaultPort() {
        assertEquals("127.0.0.1:9000", SigV4.hostHeader(URI.create("http://127.0.0.1:9000/x")));
        assertEquals("s3.example.com", SigV4.hostHeader(URI.create("https://s3.example.com:443/x")));
        assertEquals("s3.example.com", SigV4.hostHeader(URI.create("https://s3.example.com/x")));
    }
}
