package io.sonde.scenarios;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Opens Sonde's HTML pages in a real headless browser, as a reader would. A test using it is skipped where no
 * chromium is installed, unless {@code SONDE_REQUIRE_CHROMIUM} is set (as {@code .ci/run} does, having installed
 * it), where it fails instead.
 */
public final class HeadlessChromium
{
    private static final long TIMEOUT_SECONDS = 60;

    private final String executable;

    private HeadlessChromium(final String executable)
    {
        this.executable = executable;
    }

    /**
     * @return the browser, or the calling test skipped (or failed, when it is required) without one.
     */
    public static HeadlessChromium require()
    {
        final String found = find();
        assumeTrue(found != null || System.getenv("SONDE_REQUIRE_CHROMIUM") != null,
            "chromium is not installed (.ci/run installs it)");
        assertNotNull(found, "SONDE_REQUIRE_CHROMIUM is set but no chromium is on the PATH");
        return new HeadlessChromium(found);
    }

    /**
     * @return the page's DOM after the browser rendered it.
     */
    public String dom(final Path page) throws Exception
    {
        return run("--dump-dom", page.toUri().toString());
    }

    public void screenshot(final Path page, final Path png, final int width, final int height) throws Exception
    {
        run("--window-size=" + width + "," + height, "--screenshot=" + png.toAbsolutePath(), page.toUri().toString());
    }

    private String run(final String... arguments) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of(executable, "--headless", "--no-sandbox",
            "--disable-gpu"));
        command.addAll(List.of(arguments));
        final Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS), "browser finished");
        return output;
    }

    private static String find()
    {
        for (final String candidate : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser"))
        {
            if (Files.isExecutable(Path.of(candidate)))
            {
                return candidate;
            }
        }
        return null;
    }
}
