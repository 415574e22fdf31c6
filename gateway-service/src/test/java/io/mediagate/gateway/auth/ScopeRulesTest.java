package io.mediagate.gateway.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScopeRulesTest {
    @ParameterizedTest(name = "{0} {1} needs {2}")
    @CsvSource(delimiter = '|', textBlock = """
            POST   | /v1/images/generations        | images
            POST   | /v1/images/edits              | images
            POST   | /v1/images/variations/        | images
            POST   | /v1/videos/generations        | videos
            POST   | /v1/videos                    | videos
            GET    | /v1/videos                    | videos
            GET    | /v1/videos/job_x/content      | videos
            DELETE | /v1/videos/job_x              | videos
            POST   | /v1/videos/job_x/remix        | videos
            GET    | /v1/jobs/job_x                | images videos
            DELETE | /v1/jobs/job_x                | images videos
            GET    | /v1/jobs                      | images videos
            GET    | /v1/webhooks/secret           | images videos
            GET    | /v1/media                     | media:read
            GET    | /v1/media/med_x               | media:read
            POST   | /v1/media/upload              | media:write
            POST   | /v1/media/med_x               | media:write
            PATCH  | /v1/media/med_x               | media:write
            DELETE | /v1/media/med_x               | media:write
            GET    | /v1/usage                     | usage
            POST   | /v1/files                     | batches
            GET    | /v1/files/file_x/content      | batches
            DELETE | /v1/files/file_x              | batches
            POST   | /v1/batches                   | batches
            POST   | /v1/batches/batch_x/cancel    | batches
            GET    | /v1/filesx                    | ''
            GET    | /v1/models                    | ''
            GET    | /v1/models/openai/gpt-image-1 | ''
            GET    | /v1/providers                 | ''
            GET    | /v1/mediafoo                  | ''
            GET    | /v1/videosx                   | ''
            """)
    void everyEndpointNeedsItsScope(String method, String path, String scopes) {
        Set<Scope> expected = EnumSet.noneOf(Scope.class);
        for (String name : scopes.isBlank() ? new String[0] : scopes.split(" ")) {
            expected.add(Scope.parse(name).orElseThrow());
        }
        assertEquals(expected, ScopeRules.required(method, path));
    }
}
