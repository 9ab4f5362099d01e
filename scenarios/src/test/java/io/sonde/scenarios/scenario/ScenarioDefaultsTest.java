package io.sonde.scenarios.scenario;

import io.sonde.api.FixLoad;
import io.sonde.api.Option;
import io.sonde.api.RunSpec;
import io.sonde.api.SweepSpec;
import io.sonde.scenarios.SondeCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A scenario file's fields are its options' names in camel case, and a field gives way to a typed option that its
 * option excludes, as the options declare it, and to no other.
 */
class ScenarioDefaultsTest
{
    @TempDir
    private Path dir;

    @Test
    void everyOptionAScenarioSetsIsAFieldNamedInCamelCase()
    {
        for (final Option<?> option : RunSpec.OPTIONS)
        {
            if (option != FixLoad.TARGET && option != FixLoad.EMBEDDED && option != RunSpec.DURATION &&
                option != RunSpec.OUT)
            {
                final ScenarioField field = ScenarioField.byKey(camelCase(option.name()) +
                    (option.isRepeatable() ? "s" : ""));
                assertNotNull(field, option.toString());
                assertEquals(option.toString(), field.option("run"));
            }
        }
        for (final Option<?> option : SweepSpec.OPTIONS)
        {
            if (RunSpec.OPTIONS.stream().noneMatch(run -> run.name().equals(option.name())) &&
                option != SweepSpec.STEP_DURATION && option != SweepSpec.OUT)
            {
                final ScenarioField field = ScenarioField.byKey("sweep." + camelCase(option.name()));
                assertNotNull(field, option.toString());
                assertEquals(option.toString(), field.option("sweep"));
            }
        }
    }

    @Test
    void aFieldGivesWayToATypedOptionThatExcludesIt() throws Exception
    {
        final ScenarioDefaults typedRates = install("sweep", "--rates", "1k");
        assertNull(typedRates.valueFor("sweep", "--from"));
        assertNull(typedRates.valueFor("sweep", "--to"));
        assertNull(typedRates.valueFor("sweep", "--target"));
        assertEquals("3s", typedRates.valueFor("sweep", "--warmup"), "a field no typed option excludes stays");

        final ScenarioDefaults typedTarget = install("run", "--target", "127.0.0.1:9880");
        assertNull(typedTarget.valueFor("run", "--embedded"));
        assertEquals("3s", typedTarget.valueFor("run", "--warmup"));
    }

    @Test
    void aFieldStaysBesideATypedOptionItGoesWith() throws Exception
    {
        final ScenarioDefaults typedFrom = install("sweep", "--from", "2k");

        assertEquals("10k", typedFrom.valueFor("sweep", "--to"), "--from and --to make one range");
        assertEquals("true", typedFrom.valueFor("sweep", "--embedded"));
    }

    private ScenarioDefaults install(final String command, final String... typed) throws Exception
    {
        final Path file = Files.writeString(dir.resolve("scenario.yaml"), "target: embedded\nwarmup: 3s\n" +
            "sweep:\n  from: 1k\n  to: 10k\n");
        final CommandLine commandLine = new CommandLine(new SondeCommand());
        final List<String> args = new ArrayList<>(List.of(command, "--scenario", file.toString()));
        args.addAll(List.of(typed));
        ScenarioDefaults.install(commandLine, args.toArray(new String[0]));
        return (ScenarioDefaults)commandLine.getDefaultValueProvider();
    }

    private static String camelCase(final String name)
    {
        final StringBuilder key = new StringBuilder();
        final String[] words = name.split("-");
        key.append(words[0]);
        for (int i = 1; i < words.length; i++)
        {
            key.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
        }
        return key.toString();
    }
}
