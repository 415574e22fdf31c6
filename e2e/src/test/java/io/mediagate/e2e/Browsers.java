package io.mediagate.e2e;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Debian's chromium driven by Playwright, without Playwright's own browser download: the executable is
 * {@code MEDIAGATE_CHROMIUM} or the first of the usual Debian paths ({@code ./mediagate test} installs the
 * {@code chromium} package when none is there).
 */
final class Browsers {
    private static final List<String> CANDIDATES = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium");

    private Browsers() {
    }

    static Path chromium() {
        String named = System.getenv("MEDIAGATE_CHROMIUM");
        if (named != null && !named.isBlank()) {
            return Path.of(named);
        }
        return CANDIDATES.stream().map(Path::of).filter(Files::isExecutable).findFirst()
                .orElseThrow(() -> new IllegalStateException(
                        "no chromium found: apt-get install chromium (./mediagate test does it), or set MEDIAGATE_CHROMIUM"));
    }

    static Playwright playwright() {
        return Playwright.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
    }

    static Browser launch(Playwright playwright) {
        return playwright.chromium().launch(new BrowserType.LaunchOptions().setExecutablePath(chromium()).setHeadless(true));
    }
}
