package io.mediagate.routing.providers.azure;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.EditSamples;
import io.mediagate.routing.providers.conformance.Exercises;
import java.util.List;
import java.util.Map;

/** The whole conformance suite on Azure OpenAI's edit capability (the deployment's {@code /images/edits}, multipart). */
@Exercises(adapters = "azure-openai", value = "edit")
class AzureOpenAiEditConformanceTest extends AzureOpenAiConformanceTest {
    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return adapter(upstream).edit(provider, task(prompt, 1, Map.of(), control), List.of(EditSamples.PNG), null)
                .stream().map(i -> i.mime()).toList();
    }
}
