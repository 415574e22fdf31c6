package io.mediagate.provenance.cose;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.cbor.CBORGenerator;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Optional;

/**
 * A C2PA claim signature: a tagged COSE_Sign1 (RFC 9052) with the claim as its detached payload, ES256, the
 * certificate chain in the protected header ({@code x5chain}, label 33) and nothing else. Its size depends on the
 * chain alone (an ES256 signature is always 64 bytes), so a manifest can be laid out before it is signed.
 */
public final class CoseSign1 {
    private static final CBORFactory CBOR = new CBORFactory();
    private static final ObjectMapper MAPPER = new CBORMapper();
    private static final int TAG_COSE_SIGN1 = 18;
    private static final int ALG = 1;
    private static final int ES256 = -7;
    private static final int X5CHAIN = 33;

    private CoseSign1() {
    }

    /** The signature of {@code claim} by {@code key}. */
    public static byte[] sign(SigningKey key, byte[] claim) {
        byte[] protectedHeader = protectedHeader(key);
        try {
            Signature signer = Signature.getInstance("SHA256withECDSAinP1363Format");
            signer.initSign(key.key());
            signer.update(toBeSigned(protectedHeader, claim));
            return sign1(protectedHeader, signer.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("ES256 signing failed", e);
        }
    }

    /**
     * The certificate that signed {@code claim} with {@code sign1}, when the signature is an ES256 COSE_Sign1 whose
     * x5chain's first certificate verifies it; empty otherwise (another algorithm, a malformed or a wrong signature).
     * Trust in the certificate is not judged here.
     */
    public static Optional<X509Certificate> verify(byte[] sign1, byte[] claim) {
        try {
            JsonNode message = MAPPER.readTree(sign1);
            if (message == null || !message.isArray() || message.size() != 4) {
                return Optional.empty();
            }
            byte[] protectedHeader = message.get(0).binaryValue();
            JsonNode header = MAPPER.readTree(protectedHeader);
            if (header == null || header.path(String.valueOf(ALG)).asInt() != ES256) {
                return Optional.empty();
            }
            JsonNode chain = header.path(String.valueOf(X5CHAIN));
            byte[] leaf = chain.isArray() ? chain.path(0).binaryValue() : chain.binaryValue();
            if (leaf == null) {
                return Optional.empty();
            }
            X509Certificate certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(leaf));
            Signature verifier = Signature.getInstance("SHA256withECDSAinP1363Format");
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(toBeSigned(protectedHeader, claim));
            return verifier.verify(message.get(3).binaryValue()) ? Optional.of(certificate) : Optional.empty();
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** How many bytes {@link #sign} gives for {@code key}, whatever is signed. */
    public static int size(SigningKey key) {
        return sign1(protectedHeader(key), new byte[64]).length;
    }

    private static byte[] protectedHeader(SigningKey key) {
        return cbor(g -> {
            g.writeStartObject(2);
            g.writeFieldId(ALG);
            g.writeNumber(ES256);
            g.writeFieldId(X5CHAIN);
            g.writeStartArray(null, key.chain().size());
            for (X509Certificate certificate : key.chain()) {
                try {
                    g.writeBinary(certificate.getEncoded());
                } catch (CertificateEncodingException e) {
                    throw new IllegalStateException(e);
                }
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    /** Sig_structure: ["Signature1", protected, external_aad (empty), payload]. */
    private static byte[] toBeSigned(byte[] protectedHeader, byte[] payload) {
        return cbor(g -> {
            g.writeStartArray(null, 4);
            g.writeString("Signature1");
            g.writeBinary(protectedHeader);
            g.writeBinary(new byte[0]);
            g.writeBinary(payload);
            g.writeEndArray();
        });
    }

    private static byte[] sign1(byte[] protectedHeader, byte[] signature) {
        return cbor(g -> {
            g.writeTag(TAG_COSE_SIGN1);
            g.writeStartArray(null, 4);
            g.writeBinary(protectedHeader);
            g.writeStartObject(0);
            g.writeEndObject();
            g.writeNull(); // detached: the claim is the payload
            g.writeBinary(signature);
            g.writeEndArray();
        });
    }

    private interface Writing {
        void write(CBORGenerator g) throws IOException;
    }

    private static byte[] cbor(Writing writing) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CBORGenerator g = CBOR.createGenerator(out)) {
            writing.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
