package io.mediagate.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.reading.Report;
import io.mediagate.provenance.reading.Trust;
import io.mediagate.provenance.reading.Verifier;
import io.mediagate.testing.C2paReference;
import io.mediagate.testing.TestImages;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Claim signers' certificate chains as a forger would make them, under a CA the reader trusts: a chain validated by the
 * JDK's PKIX validator through an intermediate reads Trusted; an ordinary end-entity certificate that issues a "camera
 * maker" signer, a signer without C2PA's extended key usages, a CA certificate signing claims, an expired
 * intermediate and an expired signer never read Trusted, here or (read beside it) by the reference implementation.
 */
class SignerChainsTest {
    @TempDir
    static Path dir;
    private static final AtomicLong SERIAL = new AtomicLong(1000);
    private static final Instant NOW = Instant.now();
    private static Issued root;
    private static Path anchors;
    private static Verifier verifier;

    /** A certificate and its key. */
    private record Issued(X509Certificate certificate, KeyPair keys) {}

    /** What a certificate is made as: a CA (with its path length), a C2PA signer, or a signer with other usages. */
    private enum Kind { CA, SIGNER, SIGNER_WITHOUT_C2PA_USAGE, END_ENTITY_CA_LIKE }

    @BeforeAll
    static void trustedRoot() throws Exception {
        root = issue("Trusted root", null, Kind.CA, NOW.minus(Duration.ofDays(1)), NOW.plus(Duration.ofDays(3650)));
        anchors = Files.writeString(dir.resolve("anchors.pem"), pem(root.certificate()));
        verifier = new Verifier(Trust.of(List.of(anchors)), Clock.systemUTC());
    }

    private static KeyPair keys() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    /** A certificate for {@code name}, issued by {@code issuer} (self-signed when null), of {@code kind}, valid between the instants. */
    private static Issued issue(String name, Issued issuer, Kind kind, Instant from, Instant until) throws Exception {
        KeyPair keys = keys();
        X500Name subject = new X500Name("CN=" + name + ",O=Forge");
        X500Name issuerName = issuer == null ? subject : X500Name.getInstance(issuer.certificate().getSubjectX500Principal().getEncoded());
        JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuerName, BigInteger.valueOf(SERIAL.incrementAndGet()),
                Date.from(from), Date.from(until), subject, keys.getPublic());
        JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
        builder.addExtension(Extension.subjectKeyIdentifier, false, utils.createSubjectKeyIdentifier(keys.getPublic()));
        if (issuer != null) {
            builder.addExtension(Extension.authorityKeyIdentifier, false, utils.createAuthorityKeyIdentifier(issuer.certificate()));
        }
        switch (kind) {
            case CA -> {
                builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
                builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign | KeyUsage.digitalSignature));
            }
            case SIGNER, END_ENTITY_CA_LIKE -> {
                builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
                builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(new KeyPurposeId[] {
                        KeyPurposeId.getInstance(new org.bouncycastle.asn1.ASN1ObjectIdentifier("1.3.6.1.5.5.7.3.36")), KeyPurposeId.id_kp_emailProtection}));
            }
            case SIGNER_WITHOUT_C2PA_USAGE -> {
                builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
                builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
            }
        }
        KeyPair signing = issuer == null ? keys : issuer.keys();
        X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signing.getPrivate())));
        return new Issued(certificate, keys);
    }

    private static String pem(X509Certificate certificate) throws Exception {
        return "-----BEGIN CERTIFICATE-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(certificate.getEncoded())
                + "\n-----END CERTIFICATE-----\n";
    }

    /** A PNG signed as generated by {@code signer}, its x5chain {@code signer} then {@code intermediates}. */
    private static byte[] signedBy(Issued signer, Issued... intermediates) {
        List<X509Certificate> chain = new ArrayList<>(List.of(signer.certificate()));
        for (Issued intermediate : intermediates) {
            chain.add(intermediate.certificate());
        }
        ContentCredentials credentials = new ContentCredentials(new SigningKey(signer.keys().getPrivate(), chain), "1.2.3", false);
        return credentials.created(TestImages.png(16, 16), "image/png", new ContentCredentials.Generation("m", "p", "j", null)).orElseThrow();
    }

    @Test
    void onlyAProperChainFromTheTrustedRootReadsTrusted() throws Exception {
        Instant past = NOW.minus(Duration.ofDays(400));
        Issued intermediate = issue("Intermediate", root, Kind.CA, NOW.minus(Duration.ofDays(1)), NOW.plus(Duration.ofDays(365)));
        Issued signer = issue("Proper signer", intermediate, Kind.SIGNER, NOW.minus(Duration.ofDays(1)), NOW.plus(Duration.ofDays(30)));
        Issued leaf = issue("Ordinary leaf", root, Kind.END_ENTITY_CA_LIKE, NOW.minus(Duration.ofDays(1)), NOW.plus(Duration.ofDays(30)));
        Issued camera = issue("Camera maker", leaf, Kind.SIGNER, NOW.minus(Duration.ofDays(1)), NOW.plus(Duration.ofDays(30)));
        Issued noUsage = issue("No C2PA usage", root, Kind.SIGNER_WITHOUT_C2PA_USAGE, NOW.minus(Duration.ofDays(1)), NOW.plus(Duration.ofDays(30)));
        Issued caSigner = issue("A CA signing", root, Kind.CA, NOW.minus(Duration.ofDays(1)), NOW.plus(Duration.ofDays(30)));
        Issued expiredIntermediate = issue("Expired intermediate", root, Kind.CA, past, NOW.minus(Duration.ofDays(1)));
        Issued underExpired = issue("Under an expired CA", expiredIntermediate, Kind.SIGNER, NOW.minus(Duration.ofDays(1)), NOW.plus(Duration.ofDays(30)));
        Issued expiredSigner = issue("Expired signer", root, Kind.SIGNER, past, NOW.minus(Duration.ofDays(1)));
        List<byte[]> files = List.of(signedBy(signer, intermediate), signedBy(camera, leaf), signedBy(noUsage), signedBy(caSigner),
                signedBy(underExpired, expiredIntermediate), signedBy(expiredSigner));
        List<String> codes = List.of("signingCredential.trusted", "signingCredential.untrusted", "signingCredential.invalid",
                "signingCredential.invalid", "claimSignature.outsideValidity", "claimSignature.outsideValidity");
        List<C2paReference.Reading> theirs = C2paReference.readAll(files.stream().map(f -> new C2paReference.File(f, "image/png")).toList(),
                Optional.of(anchors));
        for (int i = 0; i < files.size(); i++) {
            Report mine = verifier.read(files.get(i), "image/png");
            List<String> all = new ArrayList<>(mine.codes("success"));
            all.addAll(mine.codes("failure"));
            assertTrue(all.contains(codes.get(i)), i + ": " + mine.validationResults());
            if (i == 0) {
                assertEquals("Trusted", mine.state(), "a signer under an intermediate of the trusted root");
                assertEquals("Trusted", theirs.get(i).state(), "the reference agrees the proper chain is trusted");
            } else {
                assertTrue(!mine.state().equals("Trusted"), i + ": " + mine.validationResults());
            }
        }
    }
}
