package io.mediagate.routing.jobs;

import io.mediagate.common.values.MediaKind;
import io.quarkus.panache.common.Parameters;
import java.util.List;

/** One page of a user's jobs by creation time then id (index {@code jobs_user_created}), after a cursor job. */
final class JobPage {
    private JobPage() {
    }

    static List<JobRecord> of(String userId, MediaKind kind, JobRecord after, boolean ascending, int rows) {
        StringBuilder where = new StringBuilder("userId = :user");
        Parameters params = Parameters.with("user", userId);
        if (kind != null) {
            where.append(" and kind = :kind");
            params.and("kind", kind);
        }
        if (after != null) {
            String op = ascending ? ">" : "<";
            where.append(" and (createdAt ").append(op).append(" :at or (createdAt = :at and id ").append(op).append(" :id))");
            params.and("at", after.createdAt).and("id", after.id);
        }
        String direction = ascending ? "asc" : "desc";
        return JobRecord.<JobRecord>find(where + " order by createdAt " + direction + ", id " + direction, params)
                .page(0, rows).list();
    }
}
