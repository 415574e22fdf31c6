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
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
    /** The most certificates read from an x5chain: a signer, its intermediates and perhaps a root. */
    private static final int MAX_CHAIN = 10;

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

    /** A signature that verified: its algorithm (as C2PA names it) and the certificate chain it names, signer first. */
    public record Verified(String alg, List<X509Certificate> chain) {}

    /**
     * A COSE_Sign1 as read, before it is checked: its algorithm (one C2PA allows), the x5chain (signer first), the
     * protected header and the signature bytes.
     */
    public record Parsed(String alg, List<X509Certificate> chain, byte[] protectedHeader, byte[] signature, Algorithm algorithm) {
        /** Whether the signature verifies over {@code claim} (the detached payload) with the signer's public key. */
        public boolean verifies(byte[] claim) {
            try {
                Signature verifier = algorithm.verifier();
                verifier.initVerify(chain.getFirst().getPublicKey());
                verifier.update(toBeSigned(protectedHeader, claim));
                return verifier.verify(signature);
            } catch (GeneralSecurityException | RuntimeException e) {
                return false;
            }
        }
    }

    /**
     * The algorithm and chain of a COSE_Sign1 {@code sign1} that verifies over {@code claim} with the public key of its
     * x5chain's first certificate; empty for a malformed signature, another algorithm or one that does not verify.
     */
    public static Optional<Verified> verify(byte[] sign1, byte[] claim) {
        return parse(sign1, claim).filter(p -> p.verifies(claim)).map(p -> new Verified(p.alg(), p.chain()));
    }

    /**
     * {@code sign1} read (C2PA 2.2, 14.5 and 15.7): a tagged or untagged COSE_Sign1 whose payload is detached (or, where
     * attached, is {@code claim} itself); the x5chain (label 33, or the deprecated string label) from the protected header
     * or, as C2PA 1.x allowed, the unprotected one, never from both; an algorithm C2PA allows (ES256/384/512,
     * PS256/384/512, Ed25519). Empty when it is none of that. Whether it verifies, and whether the chain is trusted, is
     * not judged here.
     */
    public static Optional<Parsed> parse(byte[] sign1, byte[] claim) {
        try {
            JsonNode message = MAPPER.readTree(sign1);
            if (message == null || !message.isArray() || message.size() != 4 || !message.get(0).isBinary() || !message.get(3).isBinary()) {
                return Optional.empty();
            }
            JsonNode payload = message.get(2);
            if (!payload.isNull() && !(payload.isBinary() && Arrays.equals(payload.binaryValue(), claim))) {
                return Optional.empty(); // an attached payload that is not the claim: the signature covers something else
            }
            byte[] protectedHeader = message.get(0).binaryValue();
            JsonNode header = MAPPER.readTree(protectedHeader);
            JsonNode unprotected = message.get(1);
            if (header == null || !header.isObject() || !unprotected.isObject()) {
                return Optional.empty();
            }
            JsonNode inProtected = chainIn(header);
            JsonNode inUnprotected = chainIn(unprotected);
            if (!inProtected.isMissingNode() && !inUnprotected.isMissingNode()) {
                return Optional.empty(); // two credentials (C2PA 2.2, 14.5)
            }
            JsonNode chainNode = inProtected.isMissingNode() ? inUnprotected : inProtected;
            List<X509Certificate> chain = new ArrayList<>();
            CertificateFactory certificates = CertificateFactory.getInstance("X.509");
            for (JsonNode der : chainNode.isArray() ? chainNode : List.of(chainNode)) {
                if (!der.isBinary() || chain.size() == MAX_CHAIN) {
                    return Optional.empty();
                }
                chain.add((X509Certificate) certificates.generateCertificate(new ByteArrayInputStream(der.binaryValue())));
            }
            Optional<Algorithm> alg = Algorithm.of(header.path(String.valueOf(ALG)).asInt(0));
            if (chain.isEmpty() || alg.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new Parsed(alg.get().name(), List.copyOf(chain), protectedHeader, message.get(3).binaryValue(), alg.get()));
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The x5chain of a header bucket: label 33, else the deprecated string label; missing when neither. */
    private static JsonNode chainIn(JsonNode bucket) {
        JsonNode byNumber = bucket.path(String.valueOf(X5CHAIN));
        return byNumber.isMissingNode() ? bucket.path("x5chain") : byNumber;
    }

    /** The COSE algorithms C2PA allows, by their COSE identifiers, and the JDK signature that checks each. */
    public enum Algorithm {
        ES256(-7, "SHA256withECDSAinP1363Format", null), ES384(-35, "SHA384withECDSAinP1363Format", null),
        ES512(-36, "SHA512withECDSAinP1363Format", null), PS256(-37, "RSASSA-PSS", "SHA-256"),
        PS384(-38, "RSASSA-PSS", "SHA-384"), PS512(-39, "RSASSA-PSS", "SHA-512"), ED25519(-8, "Ed25519", null);

        private final int id;
        private final String jdk;
        private final String pssDigest;

        Algorithm(int id, String jdk, String pssDigest) {
            this.id = id;
            this.jdk = jdk;
            this.pssDigest = pssDigest;
        }

        static Optional<Algorithm> of(int id) {
            return Arrays.stream(values()).filter(a -> a.id == id).findFirst();
        }

        Signature verifier() throws GeneralSecurityException {
            Signature signature = Signature.getInstance(jdk);
            if (pssDigest != null) {
                int length = Integer.parseInt(pssDigest.substring(4)) / 8;
                signature.setParameter(new PSSParameterSpec(pssDigest, "MGF1", new MGF1ParameterSpec(pssDigest), length, 1));
            }
            return signature;
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
