package io.mediagate.common.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class PageTest {
    @Test
    void defaultsAreTwentyFiveItemsOfTheFirstPage() {
        Page page = Page.parse(null, null);
        assertEquals(25, page.limit());
        assertEquals(0, page.page());
        assertEquals(0, page.offset());
    }

    @Test
    void offsetSkipsWholePages() {
        assertEquals(200, Page.parse("100", "2").offset());
    }

    @ParameterizedTest
    @CsvSource({"0,0,limit", "-1,0,limit", "101,0,limit", "abc,0,limit", "10,-1,page", "10,x,page"})
    void outOfRangeValuesAreRejectedNamingTheParameter(String limit, String page, String param) {
        ApiException e = assertThrows(ApiException.class, () -> Page.parse(limit, page));
        assertEquals(ErrorCode.INVALID_REQUEST, e.code());
        assertEquals(param, e.param());
    }
}
