package io.sonde.scenarios;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bash completion script and the man pages the package phase writes beside {@code sonde.jar} (so an IT): they
 * know the options the API adds to {@code run} as Picocli builds its model, not only those the command declares.
 */
@Timeout(60)
class SondeDocsIT
{
    private static final Path TARGET = Path.of("target");

    @Test
    void bashCompletesRunsSessionsOptionFromTheScriptBesideTheJar() throws Exception
    {
        final Path script = TARGET.resolve("sonde_completion");
        assertTrue(Files.isRegularFile(script), script + " is missing");

        final List<String> completions = complete(script, "sonde", "run", "--sess");

        assertTrue(completions.contains("--sessions"), "completions of 'sonde run --sess': " + completions);
        assertTrue(completions.contains("--session-groups"), "completions of 'sonde run --sess': " + completions);
    }

    @Test
    void everyCommandHasAManPageAndRunsNamesItsSessionsOption() throws IOException
    {
        final Path man = TARGET.resolve("man");
        for (final String page : List.of("sonde.1", "sonde-run.1", "sonde-sweep.1", "sonde-probe.1"))
        {
            assertTrue(Files.isRegularFile(man.resolve(page)), man.resolve(page) + " is missing");
        }

        final String run = Files.readString(man.resolve("sonde-run.1"), StandardCharsets.UTF_8);

        assertTrue(run.contains(".TH \"SONDE\\-RUN\" \"1\""), "a troff man page of section 1:\n" + run);
        assertTrue(run.contains("\\-\\-sessions"), "sonde-run(1) names --sessions:\n" + run);
    }

    /**
     * Ask bash for the completions of {@code words}, the cursor at the end of the last one, as it does on Tab.
     */
    private static List<String> complete(final Path script, final String... words) throws Exception
    {
        final String line = String.join(" ", words);
        final String program = "source \"$1\"; COMP_WORDS=(" + line + "); COMP_CWORD=" + (words.length - 1) +
            "; COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE}; _complete_sonde; printf '%s\\n' \"${COMPREPLY[@]}\"";
        final Process bash = new ProcessBuilder("bash", "-c", program, "bash", script.toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
        final String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(bash.waitFor(30, TimeUnit.SECONDS), "bash did not finish");
        assertEquals(0, bash.exitValue(), out);
        return out.lines().toList();
    }
}
