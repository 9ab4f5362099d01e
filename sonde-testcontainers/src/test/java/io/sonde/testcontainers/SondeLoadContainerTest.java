package io.sonde.testcontainers;

import io.sonde.api.RunSpec;
import io.sonde.api.SweepSpec;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command a load container is given, without Docker.
 */
class SondeLoadContainerTest
{
    @Test
    void aRunsCommandIsTheSpecsOptionsWithTheOutputFolderInsideTheContainer()
    {
        final RunSpec spec = RunSpec.builder().target("exchange", 9880).rate(200).duration(Duration.ofSeconds(2))
            .out(Path.of("somewhere", "on", "the", "host")).build();

        final List<String> command = SondeLoadContainer.run(spec).commandLine();

        assertEquals("run", command.get(0));
        assertEquals(1, Collections.frequency(command, "--out"), command.toString());
        assertEquals("/results/run", command.get(command.indexOf("--out") + 1));
        assertEquals("exchange:9880", command.get(command.indexOf("--target") + 1));
        assertTrue(command.contains("--no-history"), command.toString());
        assertTrue(command.stream().noneMatch(arg -> arg.contains("somewhere")), command.toString());
    }

    @Test
    void aSweepWritesToItsOwnFolder()
    {
        final SweepSpec spec = SweepSpec.builder().target("gateway", 9880).rates(100, 200).build();

        final List<String> command = SondeLoadContainer.sweep(spec).commandLine();

        assertEquals("sweep", command.get(0));
        assertEquals("/results/sweep", command.get(command.indexOf("--out") + 1));
    }

    @Test
    void aContainerWithoutASpecRefusesToStart()
    {
        final IllegalStateException ex = assertThrows(IllegalStateException.class, () ->
        {
            try (SondeLoadContainer load = new SondeLoadContainer())
            {
                load.start();
            }
        });
        assertTrue(ex.getMessage().contains("withRun"), ex.getMessage());
    }
}
