package io.mediagate.infra.kafka;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * {@code CreateTopics <bootstrap> <partitions> <topic>...}: creates the topics Mediagate uses, so that
 * consumers are assigned partitions at start-up instead of waiting for auto-creation on first use.
 * Existing topics are left as they are.
 */
public final class CreateTopics {
    private CreateTopics() {
    }

    public static void main(String[] args) throws Exception {
        int partitions = Integer.parseInt(args[1]);
        List<NewTopic> topics = java.util.Arrays.stream(args, 2, args.length)
                .map(name -> new NewTopic(name, partitions, (short) 1))
                .toList();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]))) {
            for (var entry : admin.createTopics(topics).values().entrySet()) {
                try {
                    entry.getValue().get();
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw e;
                    }
                }
            }
        }
    }
}
