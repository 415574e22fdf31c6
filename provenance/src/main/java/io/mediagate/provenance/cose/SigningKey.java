package io.mediagate.provenance.cose;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;

/**
 * The deployment's C2PA signing credential: an EC P-256 private key (ES256) and its certificate chain, the signer's
 * certificate first and the CA's after it, as PEM files.
 */
public record SigningKey(PrivateKey key, List<X509Certificate> chain) {
    public SigningKey {
        if (!(key instanceof ECPrivateKey ec) || ec.getParams().getOrder().bitLength() != 256) {
            throw new IllegalArgumentException("the C2PA signing key must be an EC P-256 key (ES256)");
        }
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("the C2PA signing certificate chain is empty");
        }
        chain = List.copyOf(chain);
    }

    /** Reads a PKCS#8 private key PEM and a PEM chain (signer first). */
    public static SigningKey read(Path keyPem, Path chainPem) throws IOException {
        try {
            String pem = Files.readString(keyPem, StandardCharsets.US_ASCII);
            byte[] der = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
            PrivateKey key = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(der));
            CertificateFactory x509 = CertificateFactory.getInstance("X.509");
            List<X509Certificate> chain = x509.generateCertificates(new ByteArrayInputStream(Files.readAllBytes(chainPem))).stream()
                    .map(X509Certificate.class::cast).toList();
            return new SigningKey(key, chain);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IOException("unreadable C2PA signing credential (" + keyPem + ", " + chainPem + "): " + e.getMessage(), e);
        }
    }
}
