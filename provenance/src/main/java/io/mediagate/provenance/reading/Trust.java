package io.mediagate.provenance.reading;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertPathValidator;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.CertificateParsingException;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The certificate authorities whose signers a reading trusts, and the judgement of a claim signer's credential as C2PA
 * 2.2 asks (14.5.1 and 15.7): the signer's certificate must fit C2PA's signer profile (an end-entity certificate, X.509
 * v3, key usage digitalSignature, no keyCertSign, an extended key usage C2PA signers use and never
 * anyExtendedKeyUsage), every certificate up to the anchor must be within its validity, and the chain must be
 * validated by the JDK's PKIX validator ({@link CertPathValidator}, RFC 5280 section 6) from one of the anchors: a
 * certificate that issues another must be a CA with its basic constraints, path length and key usage, every signature
 * verified. Revocation is not checked (C2PA asks OCSP, which a self-hosted reader may not reach).
 */
public record Trust(List<X509Certificate> anchors) {
    /** C2PA signers' extended key usages: c2pa-kp-claimSigning, id-kp-documentSigning, id-kp-emailProtection. */
    static final Set<String> SIGNER_USAGES = Set.of("1.3.6.1.4.1.62558.2.1", "1.3.6.1.5.5.7.3.36", "1.3.6.1.5.5.7.3.4");
    private static final String ANY_USAGE = "2.5.29.37.0";
    private static final int DIGITAL_SIGNATURE = 0;
    private static final int KEY_CERT_SIGN = 5;

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

    /** What the credential of a claim's signer is: each a C2PA status code with its explanation. */
    public sealed interface Judgement {
        String code();

        String explanation();

        /** Fits C2PA's profile, within its validity, and validated from a trusted anchor. */
        record Trusted() implements Judgement {
            public String code() {
                return "signingCredential.trusted";
            }

            public String explanation() {
                return "the signer's chain is validated from a trusted CA";
            }
        }

        /** Fits the profile and is within its validity, but leads to no trusted anchor: the state stays Valid. */
        record Untrusted(String explanation) implements Judgement {
            public String code() {
                return "signingCredential.untrusted";
            }
        }

        /** The signer's certificate is not one C2PA accepts as a claim signer. */
        record Invalid(String explanation) implements Judgement {
            public String code() {
                return "signingCredential.invalid";
            }
        }

        /** A certificate of the chain is outside its validity. */
        record OutsideValidity(String explanation) implements Judgement {
            public String code() {
                return "claimSignature.outsideValidity";
            }
        }
    }

    /** The judgement of {@code chain} (the signer's certificate first, as a manifest's x5chain gives it) at {@code when}. */
    public Judgement judge(List<X509Certificate> chain, Instant when) {
        if (chain.isEmpty()) {
            return new Judgement.Invalid("the signature names no certificate");
        }
        Optional<String> misfit = misfit(chain.getFirst());
        if (misfit.isPresent()) {
            return new Judgement.Invalid(misfit.get());
        }
        for (X509Certificate certificate : chain) {
            Optional<String> outside = outside(certificate, when);
            if (outside.isPresent()) {
                return new Judgement.OutsideValidity(outside.get());
            }
        }
        if (anchors.isEmpty()) {
            return new Judgement.Untrusted("no CA is trusted here");
        }
        try {
            PKIXParameters parameters = new PKIXParameters(trustAnchors());
            parameters.setRevocationEnabled(false);
            parameters.setDate(Date.from(when));
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            CertPathValidator.getInstance("PKIX").validate(factory.generateCertPath(path(chain)), parameters);
            return new Judgement.Trusted();
        } catch (CertPathValidatorException e) {
            if (e.getCause() instanceof CertificateExpiredException || e.getCause() instanceof CertificateNotYetValidException) {
                return new Judgement.OutsideValidity("a certificate of the chain is outside its validity: " + e.getMessage());
            }
            return new Judgement.Untrusted("the signer's chain is not validated from a trusted CA: " + e.getMessage());
        } catch (GeneralSecurityException | RuntimeException e) {
            return new Judgement.Untrusted("the signer's chain cannot be validated: " + e.getMessage());
        }
    }

    private Set<TrustAnchor> trustAnchors() {
        Set<TrustAnchor> set = new HashSet<>();
        for (X509Certificate anchor : anchors) {
            set.add(new TrustAnchor(anchor, null));
        }
        return set;
    }

    /** The chain to validate: the x5chain up to (not with) a certificate that is itself an anchor, as PKIX takes it. */
    private List<X509Certificate> path(List<X509Certificate> chain) {
        List<X509Certificate> path = new ArrayList<>();
        for (X509Certificate certificate : chain) {
            if (!path.isEmpty() && anchors.contains(certificate)) {
                break;
            }
            path.add(certificate);
        }
        return path;
    }

    /** Why {@code signer} is not a certificate C2PA accepts for signing claims (C2PA 2.2, 14.5.1), if it is not. */
    static Optional<String> misfit(X509Certificate signer) {
        if (signer.getVersion() != 3) {
            return Optional.of("the signer's certificate is not X.509 v3");
        }
        if (signer.getBasicConstraints() >= 0) {
            return Optional.of("the signer's certificate is a CA's: a CA does not sign claims");
        }
        boolean[] usage = signer.getKeyUsage();
        if (usage == null || !usage[DIGITAL_SIGNATURE]) {
            return Optional.of("the signer's certificate does not allow digital signatures (key usage)");
        }
        if (usage.length > KEY_CERT_SIGN && usage[KEY_CERT_SIGN]) {
            return Optional.of("the signer's certificate may sign certificates, though it is no CA");
        }
        List<String> extended;
        try {
            extended = signer.getExtendedKeyUsage();
        } catch (CertificateParsingException e) {
            return Optional.of("the signer's extended key usage cannot be read");
        }
        if (extended == null || extended.isEmpty()) {
            return Optional.of("the signer's certificate has no extended key usage");
        }
        if (extended.contains(ANY_USAGE)) {
            return Optional.of("the signer's certificate allows any extended key usage");
        }
        if (extended.stream().noneMatch(SIGNER_USAGES::contains)) {
            return Optional.of("the signer's certificate is not for signing C2PA claims (no claimSigning, documentSigning or "
                    + "emailProtection extended key usage)");
        }
        return Optional.empty();
    }

    private static Optional<String> outside(X509Certificate certificate, Instant when) {
        try {
            certificate.checkValidity(Date.from(when));
            return Optional.empty();
        } catch (CertificateExpiredException e) {
            return Optional.of("the certificate of " + certificate.getSubjectX500Principal().getName() + " expired");
        } catch (CertificateNotYetValidException e) {
            return Optional.of("the certificate of " + certificate.getSubjectX500Principal().getName() + " is not valid yet");
        }
    }
}
