package io.mediagate.common.runtime;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Gives a service's heap back to the operating system once a burst is over: a collection that compacts
 * the heap and, with {@code -XX:-ShrinkHeapInSteps}, shrinks it to the live set plus the free ratio at
 * once. Collectors without periodic collection (the serial collector of the local run) otherwise keep a
 * heap grown by one burst at its peak for as long as the process lives.
 *
 * <p>Off unless {@code mediagate.idle-heap-trim.idle-seconds} is set ({@code ./mediagate up} sets it);
 * {@link IdleTrimPolicy} decides when, from the allocation rate sampled once a second.
 */
@ApplicationScoped
public class IdleHeapTrim {
    private static final Logger LOG = Logger.getLogger(IdleHeapTrim.class);
    private final int idleSeconds;
    private final long maxIdleRate;
    private final long minGain;
    private ScheduledExecutorService sampler;

    IdleHeapTrim(
            @ConfigProperty(name = "mediagate.idle-heap-trim.idle-seconds", defaultValue = "0") int idleSeconds,
            @ConfigProperty(name = "mediagate.idle-heap-trim.max-idle-rate", defaultValue = "1048576") long maxIdleRate,
            @ConfigProperty(name = "mediagate.idle-heap-trim.min-gain", defaultValue = "16777216") long minGain) {
        this.idleSeconds = idleSeconds;
        this.maxIdleRate = maxIdleRate;
        this.minGain = minGain;
    }

    void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
        if (idleSeconds <= 0 || !(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
                || !threads.isThreadAllocatedMemorySupported()) {
            return;
        }
        threads.setThreadAllocatedMemoryEnabled(true);
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        IdleTrimPolicy policy = new IdleTrimPolicy(idleSeconds, maxIdleRate, minGain,
                memory.getHeapMemoryUsage().getCommitted());
        sampler = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "idle-heap-trim");
            thread.setDaemon(true);
            return thread;
        });
        sampler.scheduleAtFixedRate(() -> {
            long committed = memory.getHeapMemoryUsage().getCommitted();
            if (policy.sample(threads.getTotalThreadAllocatedBytes(), committed)) {
                System.gc();
                long after = memory.getHeapMemoryUsage().getCommitted();
                policy.trimmed(committed, after);
                LOG.debugf("idle: heap trimmed from %d to %d MB", committed >> 20, after >> 20);
            }
        }, 1, 1, TimeUnit.SECONDS);
    }

    void stop(@Observes @BeforeDestroyed(ApplicationScoped.class) Object stopping) {
        if (sampler != null) {
            sampler.shutdownNow();
        }
    }
}
