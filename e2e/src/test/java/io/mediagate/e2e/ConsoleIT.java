package io.mediagate.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Download;
import com.microsoft.playwright.JSHandle;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.options.AriaRole;
import com.microsoft.playwright.options.WaitForSelectorState;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The web console in a real browser (Debian's chromium through Playwright) against the whole suite: every
 * page a user reaches, each step checked by what the page shows and, where it changes something, by the
 * public API. Any uncaught error in the page fails the test; a screenshot of each page is kept in
 * {@code target/console-screenshots}.
 */
class ConsoleIT {
    private static final Path SHOTS = Path.of("target", "console-screenshots");
    private static Suite suite;
    private static Api api;
    private static Playwright playwright;
    private static Browser browser;
    private static String user;
    private static String other;

    private final List<String> pageErrors = new CopyOnWriteArrayList<>();
    private final List<String> consoleLines = new CopyOnWriteArrayList<>();

    private BrowserContext context;
    private Page page;

    /** On a failure, before the page closes: its screenshot and what it logged, to see what the user saw. */
    @RegisterExtension
    final AfterTestExecutionCallback onFailure = test -> {
        if (test.getExecutionException().isPresent() && page != null && !page.isClosed()) {
            shot("failed-" + test.getRequiredTestMethod().getName());
            System.err.println("console of the failed page:\n  " + String.join("\n  ", consoleLines));
        }
    };

    private static final java.time.LocalDate SHUTDOWN = java.time.LocalDate.now(java.time.ZoneOffset.UTC).plusDays(12);
    /** A model of the local renderer being retired by its provider, appended to the bundled catalog's models. */
    private static final String RETIRING = """
              - id: local/pattern-classic
                displayName: Local Pattern Classic
                media: image
                description: The first local renderer, going in favour of Local Pattern.
                versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
                sizes: [256x256]
                defaultSize: 256x256
                inputs: [text]
                lifecycle: { deprecated: %s, shutdown: %s, replacement: local/pattern, source: "https://mediagate.example/deprecations" }
                offers:
                  - { provider: local, price: 0.0, unit: image }
                createdAt: 2026-01-01T00:00:00Z
            """.formatted(SHUTDOWN.minusDays(30), SHUTDOWN);

    @BeforeAll
    static void start() throws Exception {
        // The bundled catalog, and a model its provider is retiring in 12 days (the models and admin pages show it).
        Path catalog = io.mediagate.testing.TestInfra.get().home().resolve("console-catalog.yaml");
        Files.writeString(catalog, Files.readString(io.mediagate.testing.RepoPaths.root().resolve("catalog-service/src/main/resources/catalog.yaml"))
                + "\n" + RETIRING);
        suite = Suite.start("console", Map.of("MEDIAGATE_STAGING_BUCKET", "e2e-staging", "MEDIAGATE_CATALOG_FILE", catalog.toString()));
        api = new Api(suite.baseUrl());
        user = api.newUserKey(Suite.ADMIN_KEY, "pro");
        other = api.newUserKey(Suite.ADMIN_KEY, "pro");
        playwright = Browsers.playwright();
        browser = Browsers.launch(playwright);
        Files.createDirectories(SHOTS);
    }

    @AfterAll
    static void stop() {
        if (playwright != null) {
            playwright.close();
        }
        if (suite != null) {
            suite.close();
        }
    }

    @BeforeEach
    void open() {
        context = browser.newContext(new Browser.NewContextOptions().setViewportSize(1280, 900));
        context.setDefaultTimeout(30_000);
        page = context.newPage();
        page.onPageError(pageErrors::add);
        page.onConsoleMessage(m -> consoleLines.add(m.type() + ": " + m.text()));
        page.onDialog(dialog -> dialog.accept()); // the confirmations before delete and revoke
    }

    @AfterEach
    void close(TestInfo test) {
        context.close();
        assertEquals(List.of(), pageErrors, "uncaught errors in the page during " + test.getDisplayName());
    }

    private Locator navLink(String name) {
        return page.getByRole(AriaRole.NAVIGATION, new Page.GetByRoleOptions().setName("Main"))
                .getByRole(AriaRole.LINK, new Locator.GetByRoleOptions().setName(name).setExact(true));
    }

    private Locator button(String name) {
        return page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName(name).setExact(true));
    }

    private Locator label(String name) {
        return page.getByLabel(name, new Page.GetByLabelOptions().setExact(true));
    }

    private void signIn(String key) {
        page.navigate(suite.baseUrl() + "/");
        label("API key").fill(key);
        button("Sign in").click();
        // The first page of a test loads the console's modules afresh: on a loaded machine that can pass 5 s.
        assertThat(navLink("Usage")).isVisible(new com.microsoft.playwright.assertions.LocatorAssertions.IsVisibleOptions()
                .setTimeout(20_000));
    }

    private void shot(String name) {
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve(name + ".png")).setFullPage(true));
    }

    private String image(String key, String prompt, boolean visible) throws Exception {
        Api.Reply r = api.post("/v1/images/generations", key,
                "{\"model\":\"local/pattern\",\"prompt\":\"" + prompt + "\",\"size\":\"256x256\",\"public\":" + visible + "}");
        assertEquals(200, r.status(), r.body().toString());
        return r.body().path("data").get(0).path("id").asText();
    }

    /** Loads every image of the page, lazy ones too, and answers how many could not be shown (broken or not loaded in 20 s). */
    private int brokenImages() {
        return ((Number) page.evaluate("""
                async () => {
                  const images = [...document.images];
                  images.forEach((i) => { i.loading = 'eager'; });
                  const settled = Promise.all(images.map((i) => i.complete ? null
                    : new Promise((done) => { i.addEventListener('load', done); i.addEventListener('error', done); })));
                  await Promise.race([settled, new Promise((done) => setTimeout(done, 20000))]);
                  return images.filter((i) => !i.complete || i.naturalWidth === 0).length;
                }""")).intValue();
    }

    /** True once the page's image has been decoded with real pixels (not a broken-image icon). */
    private static boolean loaded(Locator img) {
        return (Boolean) img.evaluate("i => i.complete && i.naturalWidth > 0");
    }

    @Test
    void aWrongKeyShowsTheApisMessageAndTheRightOneOpensTheConsoleWithoutAdmin() throws Exception {
        String message = api.get("/v1/usage", "mg_not_a_real_key").body().path("message").asText();
        assertFalse(message.isBlank());

        page.navigate(suite.baseUrl() + "/");
        assertThat(page).hasURL(Pattern.compile("/console/#/signin$"));
        label("API key").fill("mg_not_a_real_key");
        button("Sign in").click();
        assertThat(page.getByRole(AriaRole.ALERT)).hasText(message);
        shot("signin");

        label("API key").fill(user);
        button("Sign in").click();
        for (String name : List.of("Playground", "Gallery", "Usage", "Models")) {
            assertThat(navLink(name)).isVisible();
        }
        assertThat(navLink("Admin")).hasCount(0);
        assertThat(page).hasURL(Pattern.compile("#/playground$"));
        // A user key cannot reach the admin page by its address either.
        page.navigate(suite.baseUrl() + "/console/#/admin");
        assertThat(page).hasURL(Pattern.compile("#/playground$"));
        assertThat(navLink("Admin")).hasCount(0);
    }

    @Test
    void anImageIsGeneratedAndLoadsWithItsPriceTimingsAndRoutingAttempts() {
        signIn(user);
        label("Model").selectOption("local/pattern");
        label("Prompt").fill("a lighthouse on a cliff in a storm");
        label("Size").selectOption("512x512");
        label("seed").fill("42");
        button("Generate").click();

        Locator result = page.getByRole(AriaRole.REGION, new Page.GetByRoleOptions().setName("Result"));
        Locator img = result.getByRole(AriaRole.IMG, new Locator.GetByRoleOptions().setName("a lighthouse on a cliff in a storm"));
        assertThat(img).isVisible();
        page.waitForCondition(() -> loaded(img));
        assertEquals(512, ((Number) img.evaluate("i => i.naturalWidth")).intValue(), "the image has the size asked for");
        assertThat(result.getByRole(AriaRole.LIST, new Locator.GetByRoleOptions().setName("Attempts")).getByRole(AriaRole.LISTITEM))
                .hasText(new Pattern[] {Pattern.compile("local: success")});
        assertThat(result.getByRole(AriaRole.TABLE, new Locator.GetByRoleOptions().setName("Routing candidates"))).containsText("local");
        assertThat(result.locator("dl.facts")).containsText(Pattern.compile("Price\\s*\\$0"));
        assertThat(result.locator("dl.facts")).containsText("Generation");
        shot("playground-image");

        page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName("Open in the gallery")).click();
        assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("Image").setExact(true))).isVisible();
        assertThat(page.locator("dl.facts")).containsText("a lighthouse on a cliff in a storm");
        page.waitForCondition(() -> loaded(page.locator(".detail img").first()));
    }

    /**
     * The playground shapes a video in words and runs a utility model on a picture: a 9:16 video plays portrait; the
     * upscale model asks for a picture instead of a prompt and answers it twice as large.
     */
    @Test
    void thePlaygroundMakesAPortraitVideoAndUpscalesAPicture() throws Exception {
        signIn(user);
        label("Model").selectOption("local/motion");
        label("Prompt").fill("a tall waterfall");
        label("Size").selectOption("480p");
        label("Aspect ratio").selectOption("9:16");
        label("Duration (seconds)").fill("1");
        assertThat(label("Last frame")).isVisible();
        assertThat(label("Reference pictures")).isVisible(); // local/motion keeps to reference pictures too
        button("Generate").click();
        Locator video = page.locator(".result video");
        video.waitFor(new Locator.WaitForOptions().setTimeout(120_000));
        page.waitForCondition(() -> ((Number) video.evaluate("v => v.readyState")).intValue() >= 1,
                new Page.WaitForConditionOptions().setTimeout(30_000));
        assertEquals(480, ((Number) video.evaluate("v => v.videoWidth")).intValue(), "portrait, as asked");
        assertEquals(854, ((Number) video.evaluate("v => v.videoHeight")).intValue());
        shot("playground-portrait");

        String picture = image(user, "a small kite", false);
        page.navigate(suite.baseUrl() + "/console/#/playground");
        label("Model").selectOption("local/upscale");
        assertThat(label("Prompt")).hasCount(0);
        label("Picture").fill(picture);
        label("scale").fill("4");
        button("Generate").click();
        Locator result = page.getByRole(AriaRole.REGION, new Page.GetByRoleOptions().setName("Result"));
        Locator img = result.locator(".result img");
        img.waitFor(new Locator.WaitForOptions().setTimeout(60_000));
        page.waitForCondition(() -> loaded(img));
        assertEquals(1024, ((Number) img.evaluate("i => i.naturalWidth")).intValue(), "256 x 4");
        shot("playground-upscale");
    }

    /**
     * The playground quotes the form as it changes: the price, the provider and what it would make (a video's billed seconds),
     * following each change; without a prompt it asks for one rather than quoting.
     */
    @Test
    void thePlaygroundQuotesTheFormAsItChanges() throws Exception {
        signIn(api.newUserKey(Suite.ADMIN_KEY, "pro")); // a key of its own: quotes count against its rate windows
        label("Model").selectOption("local/motion");
        label("Prompt").fill("a lantern drifting on a river");
        label("Duration (seconds)").fill("3");
        Locator quote = page.getByRole(AriaRole.STATUS, new Page.GetByRoleOptions().setName("Quote"));
        assertThat(quote).containsText(Pattern.compile("Quote: \\$0 at local · .*\\b3 s"));
        label("Duration (seconds)").fill("2");
        assertThat(quote).containsText(Pattern.compile("\\b2 s"));
        shot("playground-quote");
        label("Prompt").fill("");
        assertThat(quote).hasText("Write a prompt to see its price.");
    }

    /** A result reused rather than made is marked in the gallery and names its original in its detail view. */
    @Test
    void aReusedItemIsMarkedInTheGalleryAndNamesItsOriginal() throws Exception {
        String owner = api.newUserKey(Suite.ADMIN_KEY, "pro");
        String body = "{\"model\":\"local/pattern\",\"prompt\":\"a lighthouse drawn once\",\"size\":\"256x256\",\"seed\":9,\"reuse\":true}";
        Api.Reply first = api.post("/v1/images/generations", owner, body);
        Api.Reply second = api.post("/v1/images/generations", owner, body);
        assertEquals(200, second.status(), second.body().toString());
        String original = first.body().path("data").get(0).path("id").asText();
        String reused = second.body().path("data").get(0).path("id").asText();
        assertEquals(original, second.body().path("stats").path("reused").path("from").asText(), second.body().toString());
        signIn(owner);
        navLink("Gallery").click();
        label("Search").fill("lighthouse drawn once");
        button("Apply").click();
        Locator card = page.getByRole(AriaRole.LISTITEM).filter(new Locator.FilterOptions().setHas(page.locator("a[href='#/media/" + reused + "']")));
        assertThat(card.locator(".badge.reused")).hasText("reused");
        Locator made = page.getByRole(AriaRole.LISTITEM).filter(new Locator.FilterOptions().setHas(page.locator("a[href='#/media/" + original + "']")));
        assertThat(made.locator(".badge.reused")).hasCount(0);
        // the reused item's file is served at its own address, from the stored bytes it shares
        page.waitForCondition(() -> loaded(card.locator("img")) && loaded(made.locator("img")));
        shot("gallery-reused");
        page.navigate(suite.baseUrl() + "/console/#/media/" + reused);
        assertThat(page.locator("dl.facts")).containsText("Reused from");
        assertThat(page.locator("dl.facts")).containsText(original);
    }

    /** Signs in, asks the Playground for a local video and waits for its job's progress bar. */
    private void startVideo(String prompt, String size, int seconds) {
        signIn(user);
        label("Model").selectOption("local/motion");
        label("Prompt").fill(prompt);
        label("Size").selectOption(size);
        label("Duration (seconds)").fill(String.valueOf(seconds));
        button("Generate").click();
        assertThat(page.getByRole(AriaRole.PROGRESSBAR, new Page.GetByRoleOptions().setName("Video progress"))).isVisible();
    }

    @Test
    void aVideoJobShowsItsProgressThenPlaysThroughHlsOrItsMp4WhenTheStreamFails() throws Exception {
        List<String> requests = new java.util.concurrent.CopyOnWriteArrayList<>();
        page.onRequest(request -> requests.add(request.method() + " " + java.net.URI.create(request.url()).getPath()));
        startVideo("waves rolling onto a beach at dusk", "480p", 2);
        assertThat(page.getByRole(AriaRole.STATUS).filter(new Locator.FilterOptions().setHasText(Pattern.compile("Queued|%"))))
                .not().hasCount(0);
        // The job's events as they happen, from its stream: the provider called, each stage started and done.
        Locator events = page.getByRole(AriaRole.LIST, new Page.GetByRoleOptions().setName("Job events"));
        assertThat(events).containsText("Calling local", new com.microsoft.playwright.assertions.LocatorAssertions
                .ContainsTextOptions().setTimeout(60_000));
        assertThat(events).containsText("Preview 1", new com.microsoft.playwright.assertions.LocatorAssertions
                .ContainsTextOptions().setTimeout(60_000));
        assertThat(events).containsText("Transcoding done", new com.microsoft.playwright.assertions.LocatorAssertions
                .ContainsTextOptions().setTimeout(120_000));
        String log = events.innerText();
        assertTrue(log.contains("Playable") && log.indexOf("Playable") < log.indexOf("Transcoding done"),
                "the video plays before its ladder is done: " + log);
        shot("playground-video-events");
        Locator video = page.locator(".result video");
        video.waitFor(new Locator.WaitForOptions().setTimeout(120_000));
        String followed = requests.stream().filter(r -> r.matches("GET /v1/jobs/job_[A-Za-z0-9]+/events")).findFirst().orElse(null);
        assertTrue(followed != null, "the job is followed through its event stream: " + requests);
        assertTrue(requests.stream().noneMatch(r -> r.matches("GET /v1/jobs/job_[A-Za-z0-9]+")), "and never polled: " + requests);
        // The player has fetched the stream and knows the clip's length: metadata loaded, through hls.js.
        page.waitForCondition(() -> ((Number) video.evaluate("v => v.readyState")).intValue() >= 1,
                new Page.WaitForConditionOptions().setTimeout(30_000));
        assertEquals("hls.js", video.getAttribute("data-player"));
        assertEquals(2.0, ((Number) video.evaluate("v => v.duration")).doubleValue(), 0.25);
        assertThat(page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName(Pattern.compile("^mp4")))).not().hasCount(0);
        shot("playground-video");

        // Its page in the gallery: the player, the frame strip, every file; and with the stream blocked, the MP4 plays.
        page.route("**/*.m3u8", route -> route.abort());
        page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName("Open in the gallery")).click();
        assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("Video").setExact(true))).isVisible();
        Locator player = page.locator(".detail video");
        page.waitForCondition(() -> "mp4".equals(player.getAttribute("data-player"))
                && ((Number) player.evaluate("v => v.readyState")).intValue() >= 1, new Page.WaitForConditionOptions().setTimeout(30_000));
        assertTrue(((String) player.evaluate("v => v.currentSrc")).contains(".mp4"), "the fallback plays the MP4 file");
        Locator strip = page.getByRole(AriaRole.IMG, new Page.GetByRoleOptions().setName("Preview frames"));
        page.waitForCondition(() -> loaded(strip)); // the frame strip shows
        assertThat(page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName(Pattern.compile("^webm")))).hasCount(1);
    }

    @Test
    void aRunningVideoJobIsCancelledFromThePlayground() throws Exception {
        startVideo("a very long take of a quiet harbour", "1080p", 30);
        String jobId = page.locator("[aria-label=Result] p.muted").first().textContent();
        button("Cancel").click();
        assertThat(page.getByText("The job was cancelled.")).isVisible(new com.microsoft.playwright.assertions.LocatorAssertions
                .IsVisibleOptions().setTimeout(60_000));
        assertEquals("cancelled", api.get("/v1/jobs/" + jobId, user).body().path("result").path("job").path("status").asText());
    }

    @Test
    void theGallerySearchesPromptWordsAndNeverShowsAnotherUsersPrivateMedia() throws Exception {
        image(user, "a red kite over the dunes", false);
        image(user, "a green forest path", true);
        image(other, "a red kite kept private by someone else", false);
        String othersPublic = image(other, "a red kite shared by someone else", true);

        signIn(user);
        navLink("Gallery").click();
        Locator grid = page.getByRole(AriaRole.LIST, new Page.GetByRoleOptions().setName("Media"));
        assertThat(grid.getByRole(AriaRole.LISTITEM).first()).isVisible();
        label("Search").fill("red kite");
        button("Apply").click();
        Locator cards = grid.getByRole(AriaRole.LISTITEM);
        assertThat(cards).hasCount(2);
        assertThat(grid).containsText("a red kite over the dunes");
        assertThat(grid).containsText("a red kite shared by someone else");
        assertThat(grid).not().containsText("kept private by someone else");
        assertThat(grid).not().containsText("green forest");
        assertEquals(0, brokenImages());
        shot("gallery");

        label("Show").selectOption("me");
        assertThat(cards).hasCount(1);
        assertThat(grid).containsText("a red kite over the dunes");

        // Another user's public item opens read-only: no visibility or delete actions.
        page.navigate(suite.baseUrl() + "/console/#/media/" + othersPublic);
        assertThat(page.locator("dl.facts")).containsText("a red kite shared by someone else");
        assertThat(button("Delete")).hasCount(0);
        assertThat(button("Make private")).hasCount(0);
    }

    @Test
    void aDroppedFileAndAPickedFileUploadAndAppearInTheGallery() throws Exception {
        signIn(other);
        navLink("Gallery").click();
        label("Show").selectOption("me");

        // Dropped on the drop zone, as a user drags a file from their desktop.
        JSHandle dropped = page.evaluateHandle("""
                ([name, base64]) => {
                  const transfer = new DataTransfer();
                  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
                  transfer.items.add(new File([bytes], name, { type: 'image/png' }));
                  return transfer;
                }""", List.of("dropped.png", Base64.getEncoder().encodeToString(png(64, 48))));
        page.locator(".drop").dispatchEvent("drop", Map.of("dataTransfer", dropped));
        assertThat(page.getByText("Uploaded dropped.png.")).isVisible();

        // Chosen with the file picker, the keyboard's way in.
        Path file = SHOTS.resolve("picked.png");
        Files.write(file, png(40, 30));
        label("Upload a file").setInputFiles(file);
        assertThat(page.getByText("Uploaded picked.png.")).isVisible();

        JsonNode mine = api.get("/v1/media?user=me&media=image", other).body().path("result").path("medias");
        for (int[] size : new int[][] {{64, 48}, {40, 30}}) {
            JsonNode uploaded = null;
            for (JsonNode item : mine) {
                if (item.path("width").asInt() == size[0] && item.path("height").asInt() == size[1]) {
                    uploaded = item;
                }
            }
            assertTrue(uploaded != null, "the upload is in the caller's media with its real dimensions: " + mine);
            Locator card = page.getByRole(AriaRole.LISTITEM).filter(new Locator.FilterOptions().setHas(
                    page.locator("a[href='#/media/" + uploaded.path("id").asText() + "']")));
            assertThat(card).isVisible();
            page.waitForCondition(() -> loaded(card.locator("img")));
        }
    }

    private static byte[] png(int width, int height) throws Exception {
        BufferedImage picture = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        var g = picture.createGraphics();
        g.setColor(Color.ORANGE);
        g.fillRect(0, 0, width, height);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(picture, "png", out);
        return out.toByteArray();
    }

    @Test
    void theOwnerMakesAnItemPrivateAndOthersLoseIt() throws Exception {
        String id = image(user, "a paper boat on a pond", true);
        assertEquals(200, api.get("/v1/media/" + id, other).status());

        signIn(user);
        page.navigate(suite.baseUrl() + "/console/#/media/" + id);
        assertThat(page.locator("dl.facts")).containsText("public");
        assertEquals(0, brokenImages());
        shot("detail");
        button("Make private").click();
        assertThat(page.getByText("The item is private now.")).isVisible();
        assertThat(button("Make public")).isVisible();
        assertEquals(403, api.get("/v1/media/" + id, other).status());
        assertFalse(api.get("/v1/media/" + id, user).body().path("result").path("media").path("public").asBoolean());
    }

    /** An item's view shows its Content Credentials as validated, and the whole manifest store when asked. */
    @Test
    void anItemShowsItsContentCredentialsAndTheWholeManifestStoreOnRequest() throws Exception {
        String id = image(user, "a lighthouse in fog", false);
        signIn(user);
        page.navigate(suite.baseUrl() + "/console/#/media/" + id);
        Locator credentials = page.locator("section.credentials");
        assertThat(credentials).containsText("Trusted");
        assertThat(credentials).containsText("Made by a trained model (AI-generated)");
        assertThat(credentials).containsText("created");
        assertThat(credentials).containsText("Mediagate");
        page.getByText("Whole manifest store").click();
        Locator whole = page.getByLabel("Whole manifest store");
        assertThat(whole).containsText("\"validation_state\": \"Trusted\"");
        assertThat(whole).containsText("io.mediagate.generation");
        shot("credentials");
    }

    @Test
    void usageShowsTheLimitsAndDrawsThirtyDaysOfSpendAndGenerations() throws Exception {
        String fresh = api.newUserKey(Suite.ADMIN_KEY, "basic");
        image(fresh, "a usage chart sample", false);
        image(fresh, "another usage chart sample", false);
        // The ledger counts from generation events; wait until it has both before looking at the page.
        Instant deadline = Instant.now().plusSeconds(30);
        while (api.get("/v1/usage", fresh).body().path("result").path("generations").path("images").path("today").asInt() < 2) {
            assertTrue(Instant.now().isBefore(deadline), "the ledger did not count the two images");
            Thread.sleep(200);
        }

        signIn(fresh);
        navLink("Usage").click();
        assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("Tier: basic"))).isVisible();
        assertThat(page.getByRole(AriaRole.METER, new Page.GetByRoleOptions().setName("Requests this minute"))).isVisible();
        assertThat(page.getByRole(AriaRole.METER, new Page.GetByRoleOptions().setName("Storage"))).isVisible();
        Locator counts = page.getByRole(AriaRole.IMG, new Page.GetByRoleOptions().setName("Generations per day, last 30 days"));
        Locator spend = page.getByRole(AriaRole.IMG, new Page.GetByRoleOptions().setName("Spend per day, last 30 days"));
        assertThat(counts).isVisible();
        assertThat(spend).isVisible();
        // The chart library drew them: 30 days each, both images in today's bar, and pixels on the canvas.
        assertEquals(30, ((Number) counts.evaluate("c => Chart.getChart(c).data.labels.length")).intValue());
        assertEquals(30, ((Number) spend.evaluate("c => Chart.getChart(c).data.labels.length")).intValue());
        assertEquals(List.of(0, 2), counts.evaluate("c => { const d = Chart.getChart(c).data.datasets[0].data;"
                + " return [d.slice(0, -1).reduce((a, b) => a + b, 0), d.at(-1)]; }"));
        assertTrue(((Number) counts.evaluate(
                "c => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;"
                        + " for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n; }")).intValue() > 1000,
                "the canvas has been drawn on");
        shot("usage");
    }

    /** A batch file of {@code count} requests for the local renderer, uploaded; answers the new batch's id. */
    private String batch(String key, int count) throws Exception {
        StringBuilder file = new StringBuilder();
        for (int i = 0; i < count; i++) {
            file.append("{\"custom_id\":\"c").append(i).append("\",\"method\":\"POST\",\"url\":\"/v1/images/generations\",")
                    .append("\"body\":{\"model\":\"local/pattern\",\"prompt\":\"console batch ").append(i)
                    .append("\",\"size\":\"256x256\"}}\n");
        }
        Api.Reply uploaded = api.postForm("/v1/files", key, List.of("purpose", "batch"),
                new Api.FormFile("file", "console.jsonl", file.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(200, uploaded.status(), uploaded.body().toString());
        Api.Reply created = api.post("/v1/batches", key, "{\"input_file_id\":\"" + uploaded.body().path("id").asText()
                + "\",\"endpoint\":\"/v1/images/generations\",\"completion_window\":\"24h\"}");
        assertEquals(200, created.status(), created.body().toString());
        return created.body().path("id").asText();
    }

    @Test
    void theBatchesPageShowsProgressDownloadsTheOutputAndCancels() throws Exception {
        String fresh = api.newUserKey(Suite.ADMIN_KEY, "basic"); // two lines at a time
        String small = batch(fresh, 2);
        Instant deadline = Instant.now().plusSeconds(60);
        while (!"completed".equals(api.get("/v1/batches/" + small, fresh).body().path("status").asText())) {
            assertTrue(Instant.now().isBefore(deadline), "the small batch did not complete");
            Thread.sleep(500);
        }
        String big = batch(fresh, 200); // two a second: running for minutes

        signIn(fresh);
        navLink("Batches").click();
        assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("Batches").setLevel(1))).isVisible();
        Locator running = page.getByRole(AriaRole.METER, new Page.GetByRoleOptions().setName(java.util.regex.Pattern.compile(
                "^Batch " + big + ": \\d+ of 200 lines done$")));
        assertThat(running).isVisible();
        assertThat(page.getByRole(AriaRole.METER, new Page.GetByRoleOptions().setName("Batch " + small + ": 2 of 2 lines done")))
                .isVisible();
        shot("batches");

        Locator smallRow = page.getByRole(AriaRole.ROW).filter(new Locator.FilterOptions().setHasText(small));
        Download output = page.waitForDownload(() -> smallRow.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Output")).click());
        String lines = java.nio.file.Files.readString(output.path());
        assertEquals(2, lines.strip().split("\n").length, lines);
        assertTrue(lines.contains("\"custom_id\":\"c0\"") && lines.contains("\"custom_id\":\"c1\""), lines);

        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Cancel batch " + big)).click();
        assertThat(page.getByRole(AriaRole.STATUS).filter(new Locator.FilterOptions().setHasText("is being cancelled"))).isVisible();
        Locator bigRow = page.getByRole(AriaRole.ROW).filter(new Locator.FilterOptions().setHasText(big));
        assertThat(bigRow.getByText("cancelled", new Locator.GetByTextOptions().setExact(true)))
                .isVisible(new com.microsoft.playwright.assertions.LocatorAssertions.IsVisibleOptions().setTimeout(60_000));
        assertThat(bigRow.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Errors"))).isVisible();
        JsonNode ended = api.get("/v1/batches/" + big, fresh).body();
        assertEquals("cancelled", ended.path("status").asText());
        assertTrue(ended.path("request_counts").path("completed").asInt() < 200, ended.toString());
        shot("batches-cancelled");
    }

    @Test
    void theModelsPageListsPricesAndProviderHealth() {
        signIn(user);
        navLink("Models").click();
        Locator models = page.getByRole(AriaRole.TABLE, new Page.GetByRoleOptions().setName("Models"));
        assertThat(models).containsText("Local Pattern");
        assertThat(models).containsText("Local Motion");
        assertThat(models).containsText("$0 / second");
        Locator providers = page.getByRole(AriaRole.TABLE, new Page.GetByRoleOptions().setName("Providers"));
        assertThat(providers.getByRole(AriaRole.ROW).filter(new Locator.FilterOptions().setHasText("Local"))).containsText("operational");
        // A model its provider is retiring: marked deprecated, with its shutdown day, its replacement and the announcement.
        Locator retiring = models.getByRole(AriaRole.ROW).filter(new Locator.FilterOptions().setHasText("local/pattern-classic"));
        assertThat(retiring.locator(".badge.deprecated")).hasText("deprecated");
        assertThat(retiring).containsText("shuts down on " + SHUTDOWN);
        assertThat(retiring).containsText("use local/pattern");
        assertThat(retiring.getByRole(AriaRole.LINK, new Locator.GetByRoleOptions().setName("announcement")))
                .hasAttribute("href", "https://mediagate.example/deprecations");
        assertThat(models.getByRole(AriaRole.ROW).filter(new Locator.FilterOptions().setHasText("local/motion")).locator(".badge.deprecated"))
                .hasCount(0);
        retiring.scrollIntoViewIfNeeded();
        shot("models");
        retiring.screenshot(new Locator.ScreenshotOptions().setPath(SHOTS.resolve("models-deprecated.png")));
    }

    @Test
    void theAdminCreatesAnAccountIssuesAKeyThatWorksAndRevokesIt() throws Exception {
        signIn(Suite.ADMIN_KEY);
        assertThat(navLink("Admin")).isVisible();
        assertThat(page).hasURL(Pattern.compile("#/admin$"));
        label("Account name").fill("Console test studio");
        button("Create account").click();
        assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("Account Console test studio"))).isVisible();

        button("Issue key").click();
        Locator secret = page.locator("code.secret");
        assertThat(secret).isVisible();
        assertThat(button("Copy key")).isVisible();
        String key = secret.textContent();
        assertEquals(200, api.get("/v1/usage", key).status(), "the issued key works at once");
        shot("admin");

        Locator account = page.getByRole(AriaRole.REGION, new Page.GetByRoleOptions().setName("Account Console test studio"));
        account.getByLabel("Tier", new Locator.GetByLabelOptions().setExact(true)).selectOption("pro");
        account.getByLabel("Requests per minute").fill("7");
        account.getByLabel("Requests naming a retired model").selectOption("replacement");
        account.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Save tier, limits and upgrades")).click();
        assertThat(account.getByText("Saved.", new Locator.GetByTextOptions().setExact(false))).isVisible();
        JsonNode accounts = api.get("/v1/admin/accounts?limit=100", Suite.ADMIN_KEY).body().path("result").path("accounts");
        assertEquals("replacement", java.util.stream.StreamSupport.stream(accounts.spliterator(), false)
                .filter(a -> a.path("name").asText().equals("Console test studio")).findFirst().orElseThrow().path("modelUpgrades").asText());
        JsonNode usage = api.get("/v1/usage", key).body().path("result");
        assertEquals("pro", usage.path("tier").asText(), usage.toString());
        assertEquals(7, usage.path("rateLimits").path("minute").path("limit").asInt(), usage.toString());

        Locator revoke = page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName(Pattern.compile("^Revoke ")));
        assertThat(revoke).hasCount(1);
        revoke.click();
        assertThat(page.getByRole(AriaRole.TABLE, new Page.GetByRoleOptions().setName("Keys"))).containsText("revoked");
        assertThat(secret).hasCount(0);
        assertEquals(401, api.get("/v1/usage", key).status(), "the revoked key is refused");

        // What shuts within 30 days, for the administrator to move callers before they get 410.
        Locator soon = page.getByRole(AriaRole.TABLE, new Page.GetByRoleOptions().setName("Models shutting soon"));
        Locator row = soon.getByRole(AriaRole.ROW).filter(new Locator.FilterOptions().setHasText("local/pattern-classic"));
        assertThat(row).containsText(SHUTDOWN.toString());
        assertThat(row).containsText("12 days");
        assertThat(row).containsText("every offer");
        assertThat(row).containsText("local/pattern");
        soon.scrollIntoViewIfNeeded();
        soon.screenshot(new Locator.ScreenshotOptions().setPath(SHOTS.resolve("admin-shutdowns.png")));
    }

    @Test
    void theConsoleWorksFromTheKeyboardAlone() {
        page.navigate(suite.baseUrl() + "/");
        // The key field has the focus once the page has rendered (typing earlier would go nowhere); Enter submits.
        assertThat(label("API key")).isFocused();
        page.keyboard().type(user);
        page.keyboard().press("Enter");
        assertThat(navLink("Playground")).isVisible();
        page.reload(); // the key stays for the tab; the focus starts again at the top of the page
        assertThat(navLink("Playground")).isVisible();
        page.keyboard().press("Tab");
        assertEquals("Skip to content", page.evaluate("() => document.activeElement.textContent"));
        page.keyboard().press("Tab");
        assertEquals("Playground", page.evaluate("() => document.activeElement.textContent"));
        page.keyboard().press("Tab");
        assertEquals("Gallery", page.evaluate("() => document.activeElement.textContent"));
        page.keyboard().press("Enter");
        assertThat(page).hasURL(Pattern.compile("#/gallery$"));
        // Focus is visible where the keyboard is.
        label("Search").focus();
        assertFalse("none".equals(label("Search").evaluate("e => getComputedStyle(e).outlineStyle")));
    }

    @Test
    void everyPageFitsAPhoneScreenWithoutSideways() throws Exception {
        image(user, "a small phone screen sample", false);
        context.close();
        context = browser.newContext(new Browser.NewContextOptions().setViewportSize(390, 844).setIsMobile(true).setHasTouch(true));
        page = context.newPage();
        page.onPageError(pageErrors::add);
        signIn(user);
        for (String name : List.of("playground", "gallery", "batches", "usage", "models")) {
            page.navigate(suite.baseUrl() + "/console/#/" + name);
            page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setLevel(1)).waitFor();
            page.locator("main >> text=Loading…").waitFor(new Locator.WaitForOptions().setState(WaitForSelectorState.DETACHED));
            int width = ((Number) page.evaluate("() => document.documentElement.scrollWidth")).intValue();
            assertTrue(width <= 390, name + " is " + width + " px wide on a 390 px screen");
            assertEquals(0, brokenImages(), "images that do not show on " + name);
            shot("phone-" + name);
        }
        // On a phone the gallery's pictures come first: the filters are folded, and a tap opens them.
        page.navigate(suite.baseUrl() + "/console/#/gallery");
        assertThat(page.getByRole(AriaRole.LIST, new Page.GetByRoleOptions().setName("Media")).getByRole(AriaRole.LISTITEM).first())
                .isInViewport();
        assertThat(label("Show")).not().isVisible();
        page.getByText("Filters and sort").tap();
        assertThat(label("Show")).isVisible();
    }
}
