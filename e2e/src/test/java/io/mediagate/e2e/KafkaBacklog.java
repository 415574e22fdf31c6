package io.mediagate.e2e;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;

/**
 * Empties the test broker's topics before a suite starts, so that a suite is a fresh deployment: every suite shares the
 * one broker of the test run and its services use the same consumer groups, so without this a suite's routing and pipeline
 * would first work through what the services of the module tests and of earlier suites left unconsumed (generation
 * requests nobody answered, videos a closed suite had not finished) before the suite's own jobs.
 */
final class KafkaBacklog {
    private KafkaBacklog() {
    }

    /** Deletes every record of every topic at {@code bootstrap} (the internal ones aside). */
    static void clear(String bootstrap) throws ExecutionException, InterruptedException {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            Set<String> topics = admin.listTopics().names().get();
            Map<TopicPartition, OffsetSpec> ends = new HashMap<>();
            for (TopicDescription topic : admin.describeTopics(topics).allTopicNames().get().values()) {
                topic.partitions().forEach(p -> ends.put(new TopicPartition(topic.name(), p.partition()), OffsetSpec.latest()));
            }
            Map<TopicPartition, RecordsToDelete> before = new HashMap<>();
            admin.listOffsets(ends).all().get().forEach((partition, end) -> {
                if (end.offset() > 0) {
                    before.put(partition, RecordsToDelete.beforeOffset(end.offset()));
                }
            });
            admin.deleteRecords(before).all().get();
        }
    }
}
