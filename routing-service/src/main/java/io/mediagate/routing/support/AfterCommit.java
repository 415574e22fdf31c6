package io.mediagate.routing.support;

import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/** Something to do once the current transaction has committed (nothing when it rolls back). */
public final class AfterCommit {
    private AfterCommit() {
    }

    /** Runs {@code action} after the current transaction commits; call inside a transaction. */
    public static void run(TransactionSynchronizationRegistry transactions, Runnable action) {
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    action.run();
                }
            }
        });
    }
}
