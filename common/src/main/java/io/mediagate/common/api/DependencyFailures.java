package io.mediagate.common.api;

import java.sql.SQLException;
import java.util.Locale;
import java.util.Set;

/**
 * Recognises failures that mean a dependency (database and its pool, broker, cache, object store, another
 * service) could not be reached, dropped the connection or did not answer in time: the caller gets 503
 * {@code service_unavailable} with {@code Retry-After} for those, not 500, and consumers wait them out rather
 * than dead-letter the message. Matched by class name so {@code common} depends on no driver.
 */
public final class DependencyFailures {
    private static final Set<String> UNAVAILABLE = Set.of(
            "java.net.ConnectException", "java.net.NoRouteToHostException", "java.net.http.HttpConnectTimeoutException",
            "java.net.SocketException", "java.net.http.HttpTimeoutException",
            "java.sql.SQLTransientConnectionException", "java.sql.SQLNonTransientConnectionException",
            "org.hibernate.exception.JDBCConnectionException",
            "io.vertx.core.http.ConnectionPoolTooBusyException",
            "org.apache.kafka.common.errors.TimeoutException", "org.apache.kafka.common.errors.DisconnectException",
            "software.amazon.awssdk.core.exception.ApiCallTimeoutException");

    private DependencyFailures() {
    }

    public static boolean in(Throwable failure) {
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 20; t = t.getCause(), depth++) {
            if (UNAVAILABLE.contains(t.getClass().getName())) {
                return true;
            }
            if (t instanceof ApiException api && api.code() == ErrorCode.SERVICE_UNAVAILABLE) {
                return true; // another Mediagate service was unreachable or said it is
            }
            String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            if (message.contains("acquisition timeout") || message.contains("connection refused")
                    || message.contains("connection reset") || message.contains("header parser received no bytes")) {
                return true;
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08")) {
                return true; // SQL state class 08: connection exception
            }
        }
        return false;
    }
}
