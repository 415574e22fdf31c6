package io.mediagate.common.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.tier.Tier;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A job's failure as the pipeline reports it on {@code video.failed}, read back by routing. */
class VideoWorkFailureTest {
    private final ObjectMapper json = new ObjectMapper().registerModule(new JavaTimeModule());

    private VideoWork work() {
        return new VideoWork(new VideoWork.Job("job_1", "req_1", "usr_1", Tier.PRO, Instant.parse("2026-11-25T12:00:00Z")), "med_1x0",
                new MadeBy("local/motion", "local/motion:1", "local", "Local", "waves", null, null),
                new io.mediagate.common.values.Shape("480p", 4.0, 854, 480), new VideoWork.Keep(false, 30), null, null, List.of(), null, null, null);
    }

    @Test
    void anOutageTravelsAsServiceUnavailableWithItsMessage() throws Exception {
        VideoWork failed = work().withFailure(new VideoWork.Failure(ErrorCode.SERVICE_UNAVAILABLE, "stayed unavailable"));
        String wire = json.writeValueAsString(failed);
        VideoWork read = json.readValue(wire, VideoWork.class);
        assertEquals(ErrorCode.SERVICE_UNAVAILABLE, read.failure().errorCode());
        assertEquals("service_unavailable", json.readTree(wire).path("failure").path("code").asText());
        assertEquals("stayed unavailable", read.failure().message());
    }

    @Test
    void aFailureWrittenAsABareReasonByAnOlderPipelineReadsAsAnInternalError() throws Exception {
        String wire = json.writeValueAsString(work()).replace("\"failure\":null", "\"failure\":\"transcode failed\"");
        VideoWork read = json.readValue(wire, VideoWork.class);
        assertEquals(ErrorCode.INTERNAL_ERROR, read.failure().errorCode());
        assertEquals("transcode failed", read.failure().message());
    }
}
