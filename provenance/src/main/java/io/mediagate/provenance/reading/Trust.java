package io.mediagate.provenance.reading;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

/**
 * The certificate authorities whose signers a reading trusts: a signer's chain (signer first, as a manifest's x5chain
 * gives it) is trusted when each certificate is signed by the next and the last is an anchor or is signed by one.
 */
public record Trust(List<X509Certificate> anchors) {
    public Trust {
        anchors = List.copyOf(anchors);
    }

    /** The certificates of the PEM files given (missing files are skipped: a deployment may name none). */
    public static Trust of(List<Path> pems) throws IOException {
        List<X509Certificate> anchors = new ArrayList<>();
        for (Path pem : pems) {
            if (!Files.isRegularFile(pem)) {
                continue;
            }
            try (InputStream in = Files.newInputStream(pem)) {
                CertificateFactory.getInstance("X.509").generateCertificates(in).forEach(c -> anchors.add((X509Certificate) c));
            } catch (CertificateException e) {
                throw new IOException(pem + " holds no readable certificate", e);
            }
        }
        return new Trust(anchors);
    }

    /** Whether {@code chain} leads to one of the anchors. */
    public boolean trusts(List<X509Certificate> chain) {
        if (chain.isEmpty()) {
            return false;
        }
        for (int i = 0; i + 1 < chain.size(); i++) {
            if (!signedBy(chain.get(i), chain.get(i + 1))) {
                return false;
            }
        }
        X509Certificate last = chain.getLast();
        return anchors.stream().anyMatch(a -> a.equals(last) || signedBy(last, a));
    }

    /** Whether the signer's certificate is outside its validity at {@code when}. */
    static boolean expired(X509Certificate signer, Instant when) {
        try {
            signer.checkValidity(Date.from(when));
            return false;
        } catch (CertificateException e) {
            return true;
        }
    }

    private static boolean signedBy(X509Certificate certificate, X509Certificate issuer) {
        if (!certificate.getIssuerX500Principal().equals(issuer.getSubjectX500Principal())) {
            return false;
        }
        try {
            certificate.verify(issuer.getPublicKey());
            return true;
        } catch (GeneralSecurityException e) {
            return false;
        }
    }
}
