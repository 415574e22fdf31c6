package io.mediagate.catalog.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CatalogFileTest {
    private static final String VALID = """
            providers:
              - { id: local, name: Local, adapter: local, media: [image], enabled: true, createdAt: 2026-01-01T00:00:00Z }
            models:
              - id: local/pattern
                displayName: P
                media: image
                description: d
                versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }, { version: "2", createdAt: 2026-02-01T00:00:00Z }]
                sizes: [512x512]
                defaultSize: 512x512
                inputs: [text]
                parameters: [{ name: seed, type: integer }]
                offers: [{ provider: local, price: 0.01, unit: image, features: [seed] }]
                createdAt: 2026-01-01T00:00:00Z
            """;

    private static CatalogFile read(String yaml) {
        return CatalogFile.read(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "test.yaml");
    }

    @Test
    void aValidFileLoadsAndTheLatestVersionIsTheNewest() {
        CatalogFile file = read(VALID);
        assertEquals(1, file.models().size());
        assertEquals("2", file.models().getFirst().latest().version());
    }

    @Test
    void aMisspelledFieldNamesTheFieldAndTheLine() {
        InvalidCatalogException e = assertThrows(InvalidCatalogException.class,
                () -> read(VALID.replace("defaultSize:", "defaultSise:")));
        assertTrue(e.getMessage().contains("models[0].defaultSise"), e.getMessage());
        assertTrue(e.getMessage().contains("test.yaml (near line"), e.getMessage());
    }

    @Test
    void anOfferOfAnUnknownProviderIsRefused() {
        InvalidCatalogException e = assertThrows(InvalidCatalogException.class,
                () -> read(VALID.replace("offers: [{ provider: local", "offers: [{ provider: nobody")));
        assertTrue(e.getMessage().contains("models[0].offers[0].provider"), e.getMessage());
    }

    @Test
    void aFeatureThatIsNotAParameterIsRefused() {
        InvalidCatalogException e = assertThrows(InvalidCatalogException.class,
                () -> read(VALID.replace("features: [seed]", "features: [seed, style]")));
        assertTrue(e.getMessage().contains("style"), e.getMessage());
    }

    @Test
    void aDefaultSizeOutsideTheSizesIsRefused() {
        InvalidCatalogException e = assertThrows(InvalidCatalogException.class,
                () -> read(VALID.replace("defaultSize: 512x512", "defaultSize: 1024x1024")));
        assertTrue(e.getMessage().contains("defaultSize"), e.getMessage());
    }

    @Test
    void anOfferSizeOutsideTheModelsSizesIsRefused() {
        InvalidCatalogException e = assertThrows(InvalidCatalogException.class,
                () -> read(VALID.replace("unit: image, features: [seed]", "unit: image, features: [seed], sizes: [2048x2048]")));
        assertTrue(e.getMessage().contains("models[0].offers[0].sizes"), e.getMessage());
    }

    @Test
    void theDemoCatalogInExamplesIsValid() throws Exception {
        try (var in = java.nio.file.Files.newInputStream(io.mediagate.testing.RepoPaths.root().resolve("examples/catalog-demo.yaml"))) {
            CatalogFile file = CatalogFile.read(in, "catalog-demo.yaml");
            assertEquals(3, file.models().getFirst().offers().size());
        }
    }

    @Test
    void theBundledCatalogIsValidAndOffersLocalModelsWithTwoVersionsEach() throws Exception {
        try (var in = getClass().getResourceAsStream("/catalog.yaml")) {
            CatalogFile file = CatalogFile.read(in, "catalog.yaml");
            assertEquals("local", file.providers().getFirst().id());
            var pattern = file.models().stream().filter(m -> m.id().equals("local/pattern")).findFirst().orElseThrow();
            var motion = file.models().stream().filter(m -> m.id().equals("local/motion")).findFirst().orElseThrow();
            assertEquals("image", pattern.media());
            assertEquals("video", motion.media());
            assertTrue(pattern.versions().size() >= 2 && motion.versions().size() >= 2);
        }
    }
}
