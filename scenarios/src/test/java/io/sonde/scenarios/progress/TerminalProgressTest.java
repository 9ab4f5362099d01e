package io.sonde.scenarios.progress;

import io.sonde.scenarios.cli.SondeProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code sonde run} in a new JVM under a pseudo-terminal (Python's {@code pty}, which Java lacks), as a user at a
 * terminal starts it: the JVM finds a console, so its progress is one line rewritten in place (a carriage return,
 * the line, then "erase to the end of the line"), and no interval is left on a line of its own once the run is over.
 */
@Timeout(120)
class TerminalProgressTest
{
    /** Runs the command after it with a pseudo-terminal for its standard input, output and error; copies it out. */
    private static final String PTY_SCRIPT = String.join("\n",
        "import os, pty, sys",
        "pid, fd = pty.fork()",
        "if pid == 0:",
        "    os.execvp(sys.argv[1], sys.argv[1:])",
        "while True:",
        "    try:",
        "        chunk = os.read(fd, 65536)",
        "    except OSError:",
        "        break",
        "    if not chunk:",
        "        break",
        "    sys.stdout.buffer.write(chunk)",
        "sys.stdout.flush()",
        "sys.exit(os.waitpid(pid, 0)[1] >> 8)",
        "");

    @Test
    void onATerminalTheRunsProgressIsOneLineUpdatedInPlace(@TempDir final Path dir) throws Exception
    {
        assumeTrue(python3(), "python3 runs the pseudo-terminal");
        final Path script = Files.writeString(dir.resolve("on-a-terminal.py"), PTY_SCRIPT);
        final Path captured = dir.resolve("captured");
        final List<String> command = new ArrayList<>(List.of("python3", script.toString()));
        command.addAll(SondeProcess.javaCommand());
        command.addAll(List.of("run", "--embedded", "--rate", "500", "--duration", "4s", "--warmup", "1s",
            "--no-history", "--out", dir.resolve("run").toString()));
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(captured.toFile());
        builder.environment().put("COLUMNS", "200");
        final Process process = builder.start();
        assertTrue(process.waitFor(100, TimeUnit.SECONDS), "the run ends");
        final String output = Files.readString(captured, StandardCharsets.UTF_8);

        assertTrue(process.exitValue() != 2, output);
        assertTrue(count(output, "\r[run] ") >= 3, "the interval line is rewritten in place:\n" + output);
        assertTrue(output.contains("\033[K"), "each rewrite clears the rest of the line:\n" + output);
        final List<String> shown = Arrays.stream(output.split("\r?\n")).map(TerminalProgressTest::visible).toList();
        assertEquals(List.of(), shown.stream().filter(line -> line.contains("measure target") ||
            line.contains("warm-up target")).toList(),
            "no interval is left on a line of its own:\n" + output);
        assertTrue(shown.stream().anyMatch(line -> line.startsWith("Verdict: ")), output);
    }

    /**
     * @return what a terminal shows of a line: what follows its last carriage return, without the erase sequences.
     */
    private static String visible(final String line)
    {
        final String cleared = line.replace("\033[K", "");
        return cleared.substring(cleared.lastIndexOf('\r') + 1);
    }

    private static int count(final String text, final String part)
    {
        int found = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1))
        {
            found++;
        }
        return found;
    }

    private static boolean python3()
    {
        try
        {
            final Process probe = new ProcessBuilder("python3", "-c", "import pty").start();
            return probe.waitFor(10, TimeUnit.SECONDS) && probe.exitValue() == 0;
        }
        catch (final IOException | InterruptedException ex)
        {
            return false;
        }
    }
}
