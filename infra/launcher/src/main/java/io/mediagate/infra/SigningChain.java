package io.mediagate.infra;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A development C2PA signing credential: a local CA and, under it, an ES256 signer whose certificate has what C2PA
 * asks of a claim signer (X.509 v3, key usage digitalSignature, the extended key usages documentSigning and
 * emailProtection, subject and authority key identifiers, not self-signed), built with BouncyCastle's X.509 API.
 * Verifiers report it as untrusted unless told to trust {@code c2pa-ca.pem}. Files: {@code c2pa-signing-key.pem}
 * (PKCS#8), {@code c2pa-signing-chain.pem} (the signer's certificate, then the CA's), {@code c2pa-ca.pem}. The signer's
 * key is its owner's alone from the moment it exists ({@link KeyFiles#writePrivate}); the CA's key is not kept at all.
 */
public final class SigningChain {
    static final String KEY = "c2pa-signing-key.pem";
    static final String CHAIN = "c2pa-signing-chain.pem";
    static final String CA = "c2pa-ca.pem";
    /** id-kp-documentSigning (RFC 9336), the extended key usage C2PA names first for a claim signer. */
    private static final KeyPurposeId DOCUMENT_SIGNING = KeyPurposeId.getInstance(
            new org.bouncycastle.asn1.ASN1ObjectIdentifier("1.3.6.1.5.5.7.3.36"));
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
            X500Name caName = name(organisation + " development C2PA CA", organisation);
            X509Certificate caCert = certificate(caName, caName, ca.getPublic(), ca.getPrivate(), ca.getPublic(), now,
                    Duration.ofDays(3650), true);
            X509Certificate signerCert = certificate(name(organisation + " development C2PA signer", organisation), caName,
                    signer.getPublic(), ca.getPrivate(), ca.getPublic(), now, Duration.ofDays(730), false);
            KeyFiles.createPrivateDirectories(dir);
            KeyFiles.writePrivate(dir.resolve(KEY), pem(signer.getPrivate()));
            Files.writeString(dir.resolve(CHAIN), pem(signerCert) + pem(caCert));
            Files.writeString(dir.resolve(CA), pem(caCert));
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("could not make the C2PA signing credential", e);
        }
    }

    private static KeyPair keyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static X500Name name(String commonName, String organisation) {
        return new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.O, organisation).addRDN(BCStyle.CN, commonName).build();
    }

    private static X509Certificate certificate(X500Name subject, X500Name issuer, PublicKey key, PrivateKey issuerKey,
                                               PublicKey issuerPublic, Instant now, Duration valid, boolean ca)
            throws GeneralSecurityException, OperatorCreationException, IOException {
        JcaX509ExtensionUtils ids = new JcaX509ExtensionUtils();
        JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer, new BigInteger(126, RANDOM).add(BigInteger.ONE),
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(valid)), subject, key);
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        builder.addExtension(Extension.subjectKeyIdentifier, false, ids.createSubjectKeyIdentifier(key));
        if (ca) {
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        } else {
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
            builder.addExtension(Extension.extendedKeyUsage, false,
                    new ExtendedKeyUsage(new KeyPurposeId[] {DOCUMENT_SIGNING, KeyPurposeId.id_kp_emailProtection}));
            builder.addExtension(Extension.authorityKeyIdentifier, false, ids.createAuthorityKeyIdentifier(issuerPublic));
        }
        X509CertificateHolder holder = builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKey));
        return new JcaX509CertificateConverter().getCertificate(holder);
    }

    private static String pem(Object object) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(object instanceof PrivateKey key ? new org.bouncycastle.util.io.pem.PemObject("PRIVATE KEY", key.getEncoded())
                    : object);
        }
        return out.toString();
    }
}
