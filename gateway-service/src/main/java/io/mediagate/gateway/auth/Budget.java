package io.mediagate.gateway.auth;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import java.math.BigDecimal;

/** A spend cap in US dollars per UTC day and per UTC month; a null field is no cap for that period. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Budget(BigDecimal daily, BigDecimal monthly) {
    private static final BigDecimal MAX = new BigDecimal("1000000000");

    /** Positive amounts of at most a billion dollars, to the millionth of a dollar. */
    public Budget validated(String param) {
        for (BigDecimal v : new BigDecimal[] {daily, monthly}) {
            if (v != null && (v.signum() <= 0 || v.compareTo(MAX) > 0 || v.stripTrailingZeros().scale() > 6)) {
                throw ApiException.invalid(param, param + " takes daily and monthly caps in US dollars, above 0 and at most "
                        + "1000000000, to six decimals");
            }
        }
        return this;
    }

    public boolean isEmpty() {
        return daily == null && monthly == null;
    }

    public BigDecimal cap(Period period) {
        return period == Period.DAILY ? daily : monthly;
    }

    /** A cap as stored in a database column (JSON), or null; {@code owner} names the row in the error. */
    public static Budget fromColumn(ObjectMapper json, String column, String owner) {
        try {
            return column == null ? null : json.readValue(column, Budget.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the stored budget of " + owner + " is unreadable", e);
        }
    }

    /** The column form of {@code budget}: null for no cap. */
    public static String toColumn(ObjectMapper json, Budget budget) {
        try {
            return budget == null || budget.isEmpty() ? null : json.writeValueAsString(budget);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
