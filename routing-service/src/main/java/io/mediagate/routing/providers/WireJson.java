package io.mediagate.routing.providers;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.mediagate.common.catalog.ProviderSpec;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A provider's answers read into the records its {@code *Wire} declares, and the free parameters a request body
 * carries beside its declared fields. Reading is lenient where providers add things (fields this version does not know
 * are ignored; an enumeration's value it does not know reads as the enum's {@code @JsonEnumDefaultValue}, its
 * {@code UNKNOWN}) and strict where they break the contract: an answer of another shape is the provider's failure,
 * worth another offer, never an exception of ours.
 */
public final class WireJson {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE)
            .build();

    private WireJson() {
    }

    /** {@code node} as {@code type}; a retryable failure of {@code provider} when it is not of that shape. */
    public static <T> T read(ProviderSpec provider, JsonNode node, Class<T> type) {
        try {
            return JSON.treeToValue(node, type);
        } catch (com.fasterxml.jackson.core.JsonProcessingException | IllegalArgumentException e) {
            throw ProviderException.failed(provider.id() + " answered with a body that is not the expected JSON");
        }
    }

    /**
     * The request's free parameters (the model's extras the offer takes) that a body of type {@code body} sends beside its
     * declared fields, those it declares left out: a declared field is never overridden by a parameter of the same name,
     * nor written twice. The declared names are read off the record's components (their {@code @JsonProperty} name, else
     * their own), once per type, so they cannot drift from the body.
     */
    public static Map<String, Object> extra(Map<String, Object> params, Class<? extends Record> body) {
        Map<String, Object> extra = new LinkedHashMap<>(params);
        extra.keySet().removeAll(DECLARED.get(body));
        return extra;
    }

    private static final ClassValue<Set<String>> DECLARED = new ClassValue<>() {
        @Override
        protected Set<String> computeValue(Class<?> type) {
            Set<String> names = new java.util.HashSet<>();
            for (RecordComponent component : type.getRecordComponents()) {
                if (component.getAccessor().isAnnotationPresent(JsonAnyGetter.class)) {
                    continue;
                }
                JsonProperty named = component.getAccessor().getAnnotation(JsonProperty.class);
                names.add(named != null && !named.value().isEmpty() ? named.value() : component.getName());
            }
            return Set.copyOf(names);
        }
    };
}
