package io.mediagate.pipeline.health;

import io.smallrye.common.annotation.Identifier;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** The pipeline stages live on Kafka: ready only while the broker answers. */
@Readiness
@ApplicationScoped
public class KafkaReadiness implements HealthCheck {
    private final AdminClient admin;

    KafkaReadiness(@Identifier("default-kafka-broker") Map<String, Object> config) {
        Map<String, Object> adminConfig = new HashMap<>();
        config.forEach((k, v) -> {
            if (AdminClientConfig.configNames().contains(k)) {
                adminConfig.put(k, v);
            }
        });
        this.admin = AdminClient.create(adminConfig);
    }

    @Override
    public HealthCheckResponse call() {
        try {
            String cluster = admin.describeCluster(new DescribeClusterOptions().timeoutMs(3000))
                    .clusterId().get(4, TimeUnit.SECONDS);
            return HealthCheckResponse.named("kafka").up().withData("cluster", cluster).build();
        } catch (Exception e) {
            return HealthCheckResponse.named("kafka").down().withData("error", e.getClass().getSimpleName()).build();
        }
    }

    @PreDestroy
    void close() {
        admin.close();
    }
}
