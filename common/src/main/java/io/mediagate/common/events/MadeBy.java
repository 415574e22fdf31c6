package io.mediagate.common.events;

import java.math.BigDecimal;

/**
 * What made a generated item: the model as asked ({@code model}) and as served ({@code modelSlug}, with its version),
 * the provider (its id and name), the prompt and the provider's rewording of it (null when none), and what the item
 * cost in USD. Carried by a video through the pipeline and by every item's registration.
 */
public record MadeBy(String model, String modelSlug, String provider, String providerName, String prompt, String revisedPrompt,
                     BigDecimal price) {}
