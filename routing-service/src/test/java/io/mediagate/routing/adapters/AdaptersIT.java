package io.mediagate.routing.adapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.AdapterKind;
import io.mediagate.routing.providers.conformance.ShippedOffers;
import io.mediagate.testing.ServiceResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** Routing wires an adapter for exactly the names the catalog accepts, so no catalog provider is silently unroutable. */
@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "routing"), @ResourceArg(name = "kafka", value = "true"),
        @ResourceArg(name = "s3", value = "true")})
class AdaptersIT {
    @Inject
    Adapters adapters;

    @Test
    void everyAdapterNameTheCatalogAcceptsIsWiredAndNoOther() {
        assertEquals(AdapterKind.names(), adapters.names());
    }

    /** A shipped offer with a batch price is at a provider whose adapter speaks its batch API: else the price is never used. */
    @Test
    void everyShippedBatchPriceIsAtAnAdapterWithABatchApi() {
        int priced = 0;
        for (AdapterKind kind : AdapterKind.values()) {
            for (ShippedOffers.Shipped shipped : ShippedOffers.ofAdapter(kind.wire())) {
                if (shipped.offer().batch() != null) {
                    priced++;
                    assertTrue(adapters.batches(kind.wire()).isPresent(), shipped.modelId() + " has a batch price at " + kind.wire()
                            + ", whose adapter has no batch API");
                }
            }
        }
        assertTrue(priced > 0, "the shipped catalog has batch prices");
    }

    /** A shipped video model's every ratio is one each of its offers' adapters asks its provider for: else routing passes the offer over. */
    @Test
    void everyShippedVideoRatioIsOneItsOffersAdaptersMake() {
        int portrait = 0;
        for (AdapterKind kind : AdapterKind.values()) {
            for (ShippedOffers.Shipped shipped : ShippedOffers.ofAdapter(kind.wire())) {
                if (!"video".equals(shipped.media())) {
                    continue;
                }
                for (String ratio : shipped.aspectRatios()) {
                    portrait += ratio.equals("9:16") ? 1 : 0;
                    assertTrue(adapters.videos(kind.wire()).orElseThrow().makes(ratio), shipped.modelId() + " lists " + ratio
                            + ", which its offer at " + kind.wire() + " cannot ask for");
                }
            }
        }
        assertTrue(portrait > 0, "the shipped catalog makes portrait video");
    }

    /**
     * A shipped video offer that takes a last frame (its inputs, else its model's, list last_frame) is at an adapter that asks its
     * provider for one, and a marketplace offer names the model's field for it: else the last frame could not be sent.
     */
    @Test
    void everyShippedOfferTakingALastFrameIsAtAnAdapterThatSendsIt() {
        int taking = 0;
        for (AdapterKind kind : AdapterKind.values()) {
            for (ShippedOffers.Shipped shipped : ShippedOffers.ofAdapter(kind.wire())) {
                if (!"video".equals(shipped.media()) || !shipped.inputs().contains(io.mediagate.common.values.Input.LAST_FRAME)) {
                    continue;
                }
                taking++;
                assertTrue(adapters.videos(kind.wire()).orElseThrow().takesLastFrame(), shipped.modelId() + " at " + kind.wire());
                if (kind.wire().equals("replicate")) {
                    assertTrue(shipped.offer().options().containsKey("lastFrameField"), shipped.modelId() + " names no lastFrameField");
                }
            }
        }
        assertTrue(taking >= 3, "the shipped catalog has offers ending on a last frame");
    }
}
