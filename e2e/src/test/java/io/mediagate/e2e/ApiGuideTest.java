package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.testing.RepoPaths;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The API guide in docs/ says what the code does: its error table is exactly the codes the services answer. */
class ApiGuideTest {
    private static final Pattern ROW = Pattern.compile("^\\|[^|]+\\|\\s*(\\d{3})\\s*\\|\\s*(.+?)\\s*\\|\\s*$");
    private static final Pattern CODE = Pattern.compile("`([a-z_]+)`");

    @Test
    void theErrorTableListsEveryCodeWithItsStatusAndNothingElse() throws Exception {
        String guide = Files.readString(RepoPaths.root().resolve("docs/api-guide.md"));
        String table = guide.substring(guide.indexOf("## Error codes"), guide.indexOf("## Routing"));
        Map<String, Integer> documented = new TreeMap<>();
        for (String line : table.lines().toList()) {
            Matcher row = ROW.matcher(line);
            if (!row.matches()) {
                continue;
            }
            // Only the codes before any "(with …)" note: `param` and the like are fields, not codes.
            Matcher code = CODE.matcher(row.group(2).replaceAll("\\(with .*\\)", ""));
            while (code.find()) {
                documented.put(code.group(1), Integer.parseInt(row.group(1)));
            }
        }
        Map<String, Integer> answered = new TreeMap<>();
        for (ErrorCode c : ErrorCode.values()) {
            answered.put(c.code(), c.status());
        }
        assertEquals(answered, documented);
    }

    @Test
    void noCodeCommentCitesAContractFileTheRepositoryDoesNotHave() throws Exception {
        List<String> citing;
        try (Stream<java.nio.file.Path> files = Files.walk(RepoPaths.root())) {
            citing = files.filter(p -> p.toString().endsWith(".java") && !p.toString().contains("/target/"))
                    .filter(p -> {
                        try {
                            return Files.readString(p).contains("CONTRACT" + ".md");
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .map(p -> RepoPaths.root().relativize(p).toString()).toList();
        }
        assertTrue(citing.isEmpty(), "cite docs/api-guide.md instead: " + citing);
    }
}
