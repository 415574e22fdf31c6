package io.mediagate.infra;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;

/**
 * A development C2PA signing credential: a local CA and, under it, an ES256 signer whose certificate has what C2PA
 * asks of a claim signer (X.509 v3, key usage digitalSignature, the extended key usages documentSigning and
 * emailProtection, subject and authority key identifiers, not self-signed). Verifiers report it as untrusted unless
 * told to trust {@code c2pa-ca.pem}. Files: {@code c2pa-signing-key.pem} (PKCS#8), {@code c2pa-signing-chain.pem}
 * (the signer's certificate, then the CA's), {@code c2pa-ca.pem}. The signer's key is its owner's alone from the moment
 * it exists ({@link KeyFiles#writePrivate}); the CA's key is not kept at all.
 */
public final class SigningChain {
    static final String KEY = "c2pa-signing-key.pem";
    static final String CHAIN = "c2pa-signing-chain.pem";
    static final String CA = "c2pa-ca.pem";
    private static final String EC_PUBLIC_KEY = "1.2.840.10045.2.1";
    private static final String ECDSA_SHA256 = "1.2.840.10045.4.3.2";
    private static final SecureRandom RANDOM = new SecureRandom();

    private SigningChain() {
    }

    /** Writes the three files into {@code dir} unless the key is there already. */
    public static void write(Path dir, String organisation) throws IOException {
        if (Files.exists(dir.resolve(KEY))) {
            return;
        }
        try {
            KeyPair ca = keyPair();
            KeyPair signer = keyPair();
            Instant now = Instant.now();
            byte[] caName = name(organisation + " development C2PA CA", organisation);
            byte[] caCert = certificate(caName, caName, ca.getPublic(), ca.getPrivate(), ca.getPublic(), now, Duration.ofDays(3650), true);
            byte[] signerCert = certificate(name(organisation + " development C2PA signer", organisation), caName, signer.getPublic(),
                    ca.getPrivate(), ca.getPublic(), now, Duration.ofDays(730), false);
            KeyFiles.createPrivateDirectories(dir);
            KeyFiles.writePrivate(dir.resolve(KEY), pem("PRIVATE KEY", signer.getPrivate().getEncoded()));
            Files.writeString(dir.resolve(CHAIN), pem("CERTIFICATE", signerCert) + pem("CERTIFICATE", caCert));
            Files.writeString(dir.resolve(CA), pem("CERTIFICATE", caCert));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not make the C2PA signing credential", e);
        }
    }

    private static KeyPair keyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static byte[] name(String commonName, String organisation) {
        return Der.sequence(
                Der.set(Der.sequence(Der.oid("2.5.4.10"), Der.utf8(organisation))),
                Der.set(Der.sequence(Der.oid("2.5.4.3"), Der.utf8(commonName))));
    }

    private static byte[] certificate(byte[] subject, byte[] issuer, PublicKey key, PrivateKey issuerKey, PublicKey issuerPublic,
                                      Instant now, Duration valid, boolean ca) throws GeneralSecurityException {
        byte[] algorithm = Der.sequence(Der.oid(ECDSA_SHA256));
        byte[] extensions = ca
                ? Der.sequence(
                        extension("2.5.29.19", true, Der.sequence(Der.bool(true))),
                        extension("2.5.29.15", true, Der.bits(1, new byte[] {0x06})), // keyCertSign, cRLSign
                        extension("2.5.29.14", false, Der.octets(keyId(key))))
                : Der.sequence(
                        extension("2.5.29.19", true, Der.sequence()),
                        extension("2.5.29.15", true, Der.bits(7, new byte[] {(byte) 0x80})), // digitalSignature
                        extension("2.5.29.37", false, Der.sequence(Der.oid("1.3.6.1.5.5.7.3.36"), Der.oid("1.3.6.1.5.5.7.3.4"))),
                        extension("2.5.29.14", false, Der.octets(keyId(key))),
                        extension("2.5.29.35", false, Der.sequence(Der.implicit(0, keyId(issuerPublic)))));
        byte[] tbs = Der.sequence(
                Der.explicit(0, Der.integer(BigInteger.TWO)),
                Der.integer(new BigInteger(126, RANDOM).add(BigInteger.ONE)),
                algorithm,
                issuer,
                Der.sequence(Der.utcTime(now.minus(Duration.ofHours(1))), Der.utcTime(now.plus(valid))),
                subject,
                key.getEncoded(),
                Der.explicit(3, extensions));
        Signature signature = Signature.getInstance("SHA256withECDSA");
        signature.initSign(issuerKey);
        signature.update(tbs);
        return Der.sequence(tbs, algorithm, Der.bits(0, signature.sign()));
    }

    private static byte[] extension(String oid, boolean critical, byte[] value) {
        return critical ? Der.sequence(Der.oid(oid), Der.bool(true), Der.octets(value)) : Der.sequence(Der.oid(oid), Der.octets(value));
    }

    /** RFC 5280's first method: SHA-1 of the subject public key's bits. */
    private static byte[] keyId(PublicKey key) throws GeneralSecurityException {
        byte[] info = key.getEncoded(); // SEQUENCE { algorithm, BIT STRING }: for P-256 the key's bits are its last 65 bytes
        return MessageDigest.getInstance("SHA-1").digest(Arrays.copyOfRange(info, info.length - 65, info.length));
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
