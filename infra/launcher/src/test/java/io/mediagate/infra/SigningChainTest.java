package io.mediagate.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The development C2PA credential is a chain the JDK's PKIX validator accepts, with what C2PA asks of a claim signer. */
class SigningChainTest {
    @Test
    void theSignerChainsToTheLocalCaWithC2paSignerUsages(@TempDir Path dir) throws Exception {
        SigningChain.write(dir, "Test Org");
        CertificateFactory x509 = CertificateFactory.getInstance("X.509");
        List<X509Certificate> chain = x509.generateCertificates(Files.newInputStream(dir.resolve(SigningChain.CHAIN))).stream()
                .map(c -> (X509Certificate) c).toList();
        X509Certificate ca = (X509Certificate) x509.generateCertificate(Files.newInputStream(dir.resolve(SigningChain.CA)));
        assertEquals(2, chain.size());
        assertEquals(ca, chain.get(1));

        PKIXParameters params = new PKIXParameters(Set.of(new TrustAnchor(ca, null)));
        params.setRevocationEnabled(false);
        CertPathValidator.getInstance("PKIX").validate(x509.generateCertPath(List.of(chain.get(0))), params);

        X509Certificate signer = chain.get(0);
        assertEquals(3, signer.getVersion());
        assertEquals(-1, signer.getBasicConstraints(), "an end entity, not a CA");
        assertTrue(signer.getKeyUsage()[0], "digitalSignature");
        assertEquals(List.of("1.3.6.1.5.5.7.3.36", "1.3.6.1.5.5.7.3.4"), signer.getExtendedKeyUsage());
        assertNotEquals(signer.getSubjectX500Principal(), signer.getIssuerX500Principal(), "not self-signed");
        assertTrue(signer.getSubjectX500Principal().getName().contains("CN=Test Org development C2PA signer"));
        assertTrue(ca.getBasicConstraints() >= 0 && ca.getKeyUsage()[5], "the CA signs certificates");
        assertTrue(signer.getExtensionValue("2.5.29.35") != null && signer.getExtensionValue("2.5.29.14") != null, "key identifiers");

        String pem = Files.readString(dir.resolve(SigningChain.KEY));
        assertTrue(pem.startsWith("-----BEGIN PRIVATE KEY-----"), "PKCS#8");
        byte[] der = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
        PrivateKey key = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(der));
        Signature es256 = Signature.getInstance("SHA256withECDSA");
        es256.initSign(key);
        es256.update(new byte[] {1, 2, 3});
        byte[] signed = es256.sign();
        es256.initVerify(signer.getPublicKey());
        es256.update(new byte[] {1, 2, 3});
        assertTrue(es256.verify(signed), "the key is the certificate's");
    }
}
