package io.mediagate.catalog.catalog;

import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.ProviderSpec;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/** The loaded catalog: providers and models by id, read once at start-up (a bad file stops start-up). */
@Startup
@ApplicationScoped
public class Catalog {
    private static final Logger LOG = Logger.getLogger(Catalog.class);
    private final Map<String, ProviderSpec> providers = new LinkedHashMap<>();
    private final Map<String, ModelSpec> models = new LinkedHashMap<>();

    public Catalog(@ConfigProperty(name = "mediagate.catalog.file") Optional<String> file) {
        CatalogFile catalog = file.filter(f -> !f.isBlank()).map(Catalog::readFile).orElseGet(Catalog::readBundled);
        catalog.providers().forEach(p -> providers.put(p.id(), withCredentials(p)));
        catalog.models().forEach(m -> models.put(m.id().toLowerCase(Locale.ROOT), m));
        LOG.infof("catalog loaded: %d providers, %d models", providers.size(), models.size());
    }

    /**
     * A provider whose credential variable ({@code apiKeyEnv}) is not set is disabled: it shows as
     * {@code disabled} and is never routed to. The variable is read through the configuration (the
     * environment in production); its value is never kept here.
     */
    static ProviderSpec withCredentials(ProviderSpec p) {
        if (!p.enabled() || p.apiKeyEnv() == null || p.apiKeyEnv().isBlank()
                || ConfigProvider.getConfig().getOptionalValue(p.apiKeyEnv(), String.class).filter(v -> !v.isBlank()).isPresent()) {
            return p;
        }
        LOG.infof("provider %s is disabled: %s is not set", p.id(), p.apiKeyEnv());
        return new ProviderSpec(p.id(), p.name(), p.adapter(), p.media(), false, p.baseUrl(), p.apiKeyEnv(), p.createdAt());
    }

    private static CatalogFile readFile(String path) {
        try (InputStream in = Files.newInputStream(Path.of(path))) {
            return CatalogFile.read(in, path);
        } catch (IOException e) {
            throw new InvalidCatalogException(path + ": cannot read the catalog file: " + e.getMessage());
        }
    }

    private static CatalogFile readBundled() {
        try (InputStream in = Catalog.class.getResourceAsStream("/catalog.yaml")) {
            if (in == null) {
                throw new InvalidCatalogException("no catalog file configured and none bundled");
            }
            return CatalogFile.read(in, "catalog.yaml (bundled)");
        } catch (IOException e) {
            throw new InvalidCatalogException("catalog.yaml (bundled): " + e.getMessage());
        }
    }

    public List<ProviderSpec> providers() {
        return List.copyOf(providers.values());
    }

    public List<ModelSpec> models() {
        return List.copyOf(models.values());
    }

    /** By slug, any case. */
    public Optional<ProviderSpec> provider(String id) {
        return Optional.ofNullable(providers.get(id.toLowerCase(Locale.ROOT)));
    }

    /** By {@code base/model}, any case. */
    public Optional<ModelSpec> model(String id) {
        return Optional.ofNullable(models.get(id.toLowerCase(Locale.ROOT)));
    }

    /** The models that some offer of this provider serves. */
    public List<ModelSpec> modelsOf(String providerId) {
        return models.values().stream()
                .filter(m -> m.offers().stream().anyMatch(o -> o.provider().equals(providerId)))
                .toList();
    }
}
