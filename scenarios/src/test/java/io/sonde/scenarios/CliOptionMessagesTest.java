package io.sonde.scenarios;

import io.sonde.api.ExitCode;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.RunSpec;
import io.sonde.api.SpecBuilder;
import io.sonde.api.SweepSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A wrong option on the command line is refused before anything connects, with exit code 2 and the very message
 * the API gives for the same options: {@code sonde: <message>}.
 */
class CliOptionMessagesTest
{
    @ParameterizedTest(name = "sonde {0} {1}")
    @MethodSource("mistakes")
    void aWrongOptionExitsTwoWithTheMessageTheApiGives(final String command, final List<String> options)
    {
        final String message = assertThrows(InvalidOptionException.class, () -> build(command, options)).getMessage();
        final List<String> args = new ArrayList<>(List.of(command));
        for (int i = 0; i < options.size(); i += 2)
        {
            args.add("--" + options.get(i));
            if (!options.get(i + 1).equals("true"))
            {
                args.add(options.get(i + 1));
            }
        }

        final CliHarness cli = CliHarness.run(args.toArray(new String[0]));

        assertEquals(ExitCode.BAD_USAGE.code(), cli.exitCode, cli.toString());
        assertEquals("sonde: " + message, cli.err.strip(), cli.toString());
    }

    static Stream<Arguments> mistakes()
    {
        return Stream.of(
            Arguments.of("run", List.of("embedded", "true", "sessions", "0")),
            Arguments.of("run", List.of("embedded", "true", "timeout", "0s")),
            Arguments.of("run", List.of("embedded", "true", "slo", "p95=2ms")),
            Arguments.of("run", List.of("embedded", "true", "schedule", "steps")),
            Arguments.of("run", List.of("target", "localhost")),
            Arguments.of("run", List.of("embedded", "true", "mix", "new=0")),
            Arguments.of("sweep", List.of("embedded", "true", "from", "5k", "to", "1k")),
            Arguments.of("sweep", List.of("embedded", "true", "sizes", "128,256")));
    }

    private static void build(final String command, final List<String> options)
    {
        final SpecBuilder<?> builder = command.equals("run") ? RunSpec.builder() : SweepSpec.builder();
        for (int i = 0; i < options.size(); i += 2)
        {
            builder.set(options.get(i), options.get(i + 1));
        }
        if (builder instanceof RunSpec.Builder run)
        {
            run.build();
        }
        else
        {
            ((SweepSpec.Builder)builder).build();
        }
    }
}
