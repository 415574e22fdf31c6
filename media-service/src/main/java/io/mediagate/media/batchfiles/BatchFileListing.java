package io.mediagate.media.batchfiles;

import io.mediagate.media.records.BatchFileRecord;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A page of an owner's live files, newest first (or oldest first), after the file {@code after}: the cursor OpenAI's
 * SDKs follow ({@code after} the last id of a page). An {@code after} that is not one of the owner's live files (one
 * deleted between two pages) reads an empty last page, so a client following pages always stops.
 */
final class BatchFileListing {
    private BatchFileListing() {
    }

    static List<BatchFileRecord> page(String owner, String purpose, String after, int size, boolean ascending, Instant now) {
        StringBuilder where = new StringBuilder("ownerId = :owner and (expiresAt is null or expiresAt > :now)");
        Map<String, Object> params = new HashMap<>();
        params.put("owner", owner);
        params.put("now", now);
        if (purpose != null) {
            where.append(" and purpose = :purpose");
            params.put("purpose", purpose);
        }
        if (after != null) {
            BatchFileRecord cursor = BatchFileRecord.findById(after);
            if (cursor == null || !cursor.ownerId.equals(owner) || !cursor.live(now)) {
                return List.of();
            }
            String op = ascending ? ">" : "<";
            where.append(" and (createdAt ").append(op).append(" :at or (createdAt = :at and id ").append(op).append(" :id))");
            params.put("at", cursor.createdAt);
            params.put("id", cursor.id);
        }
        String direction = ascending ? "asc" : "desc";
        return BatchFileRecord.<BatchFileRecord>find(where + " order by createdAt " + direction + ", id " + direction, params)
                .page(0, size).list();
    }
}
