package io.mediagate.routing.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.ParameterSpec;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.values.Input;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParametersTest {
    private final ModelSpec model = new ModelSpec("acme/img", "Img", "image", "", List.of(new VersionSpec("1", Instant.EPOCH)),
            List.of("64x64"), "64x64", null, List.of(Input.TEXT), List.of(
                    new ParameterSpec("seed", "integer", null, 0.0, 100.0, null, ""),
                    new ParameterSpec("cfg_scale", "number", null, 1.0, 20.0, null, ""),
                    new ParameterSpec("style", "string", List.of("vivid", "natural"), null, null, null, "")),
            List.of(), Instant.EPOCH);

    @Test
    void declaredExtrasAreTypedAndKept() {
        Parameters.Checked c = Parameters.check(model, Map.of("seed", 5, "cfg_scale", 7.5, "style", "vivid"), RoutingMode.OPTIMAL);
        assertEquals(Map.of("seed", 5L, "cfg_scale", 7.5, "style", "vivid"), c.features());
        assertEquals(List.of(), c.undeclared());
    }

    @Test
    void openAisUserFieldIsDroppedAndListedInEveryModeUnlessTheModelDeclaresIt() {
        for (RoutingMode mode : RoutingMode.values()) {
            Parameters.Checked c = Parameters.check(model, Map.of("user", "end-user-7"), mode);
            assertEquals(List.of("user"), c.undeclared(), mode.name());
            assertEquals(Map.of(), c.features());
        }
        ModelSpec openai = new ModelSpec("acme/img", "Img", "image", "", model.versions(), model.sizes(), "64x64", null,
                List.of(Input.TEXT), List.of(new ParameterSpec("user", "string", null, null, null, null, "")), List.of(), Instant.EPOCH);
        assertEquals(Map.of("user", "end-user-7"), Parameters.check(openai, Map.of("user", "end-user-7"), RoutingMode.COMPATIBLE).features());
    }

    @Test
    void undeclaredExtrasAreDroppedAndListedUnlessCompatibleOrExplicit() {
        assertEquals(List.of("foo"), Parameters.check(model, Map.of("foo", 1), RoutingMode.CHEAPEST).undeclared());
        ApiException e = assertThrows(ApiException.class, () -> Parameters.check(model, Map.of("foo", 1), RoutingMode.COMPATIBLE));
        assertEquals(ErrorCode.UNSUPPORTED_PARAMETER, e.code());
        assertEquals("foo", e.param());
        assertEquals(ErrorCode.UNSUPPORTED_PARAMETER,
                assertThrows(ApiException.class, () -> Parameters.check(model, Map.of("foo", 1), RoutingMode.EXPLICIT)).code());
    }

    @Test
    void valuesOutsideTheSchemaAre400NamingTheParameter() {
        for (Map<String, Object> bad : List.<Map<String, Object>>of(Map.of("seed", 101), Map.of("seed", "x"), Map.of("seed", 1.5),
                Map.of("cfg_scale", 0.5), Map.of("style", "noir"), Map.of("style", 3))) {
            ApiException e = assertThrows(ApiException.class, () -> Parameters.check(model, bad, RoutingMode.OPTIMAL), bad.toString());
            assertEquals(ErrorCode.INVALID_REQUEST, e.code());
            assertEquals(bad.keySet().iterator().next(), e.param());
        }
    }
}
