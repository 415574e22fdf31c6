package io.mediagate.common.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.StageProgress;
import org.junit.jupiter.api.Test;

class JobStageTest {
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void aStagesProgressRunsFromWhereItStartsToWhereTheNextStarts() {
        assertEquals(0, JobStage.GENERATING.progressWithin(0));
        assertEquals(39, JobStage.GENERATING.progressWithin(100));
        assertEquals(40, JobStage.TRANSCODING.progressAt());
        assertEquals(57, JobStage.TRANSCODING.progressWithin(50));
        assertEquals(99, JobStage.STORING.progressWithin(100), "a job is at 100 only once it has ended");
        assertEquals(75, JobStage.THUMBNAIL.progressWithin(-5));
    }

    @Test
    void aNameThisVersionDoesNotKnowReadsAsUnknownNotAsAFailure() throws Exception {
        StageProgress report = json.readValue("{\"jobId\":\"job_1\",\"stage\":\"upscaling\",\"percent\":10}", StageProgress.class);
        assertEquals(JobStage.UNKNOWN, report.stage());
        assertEquals(false, report.stage().inPipeline());
        assertEquals(JobStage.STORING, json.readValue("\"storing\"", JobStage.class));
        assertEquals("\"thumbnail\"", json.writeValueAsString(JobStage.THUMBNAIL));
        assertNull(JobStage.of(null));
    }
}
