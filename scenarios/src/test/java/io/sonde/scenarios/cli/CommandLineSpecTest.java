package io.sonde.scenarios.cli;

import io.sonde.api.LoadBuilder;
import io.sonde.api.RunSpec;
import io.sonde.api.SweepSpec;
import io.sonde.scenarios.CliHarness;
import io.sonde.scenarios.run.RunCommand;
import io.sonde.scenarios.sweep.SweepCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command line is a thin layer over the API: the same options make the same spec, a spec's own arguments make
 * it again on the command line, and an option the API refuses is bad usage in the same words. The run itself goes
 * through the facade either way ({@code io.sonde.inprocess.Sonde}), and what it prints is read from the API's report
 * ({@code PrintedTablesTest} in sonde-report).
 */
@Timeout(60)
class CommandLineSpecTest
{
    @Test
    void theSameOptionsMakeTheSameRunOnTheCommandLineAndInTheApi()
    {
        for (final List<String> options : List.of(
            List.of("--embedded"),
            List.of("--target", "127.0.0.1:9880", "--sessions", "4", "--rate", "5k", "--duration", "15s"),
            List.of("--embedded", "--schedule", "steps", "--stages", "200:3s,800:3s", "--slo", "p99=2ms,max=1s"),
            List.of("--embedded", "--session-groups", "4:constant,2:burst(50)", "--flow", "mix", "--mix",
                "new=1,new-cancel=1", "--tif", "day", "--symbols", "A,B", "--idle", "backoff", "--seed", "7"),
            List.of("--target", "h:1", "--heartbeat", "5", "--persistent-sequences", "--max-miss", "3",
                "--max-send-lateness", "5ms", "--max-hiccup", "1s", "--max-error-rate", "0.5", "--out", "x")))
        {
            final RunSpec api = byName(RunSpec.builder(), options).build();
            assertEquals(api, runOnTheCommandLine(options), String.join(" ", options));
            assertEquals(api, runOnTheCommandLine(api.arguments()), "the spec's own arguments: " + api.arguments());
        }
    }

    @Test
    void theSameOptionsMakeTheSameSweepOnTheCommandLineAndInTheApi()
    {
        for (final List<String> options : List.of(
            List.of("--embedded", "--rates", "1k,2k,5k", "--sessions", "4"),
            List.of("--target", "h:1", "--from", "1k", "--to", "16k", "--factor", "4", "--no-stop", "--slo", "p99=5ms"),
            List.of("--embedded", "--sizes", "128,512", "--rate", "2k", "--step-duration", "5s", "--warmup", "1s")))
        {
            final SweepSpec api = byName(SweepSpec.builder(), options).build();
            assertEquals(api, sweepOnTheCommandLine(options), String.join(" ", options));
            assertEquals(api, sweepOnTheCommandLine(api.arguments()), "the spec's own arguments: " + api.arguments());
        }
    }

    @Test
    void anOptionTheApiRefusesIsBadUsageOnTheCommandLineWithTheSameWords()
    {
        final CliHarness cli = CliHarness.runMechanics("run", "--embedded", "--burst-size", "5", "--duration", "1s");

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("sonde: --burst-size is the burst of --schedule burst, not constant"), cli.err);
    }

    private static <B extends LoadBuilder<B>> B byName(final B builder, final List<String> options)
    {
        for (int i = 0; i < options.size(); i++)
        {
            final boolean flag = i + 1 == options.size() || options.get(i + 1).startsWith("--");
            builder.set(options.get(i), flag ? "true" : options.get(++i));
        }
        return builder;
    }

    private static RunSpec runOnTheCommandLine(final List<String> options)
    {
        final RunCommand command = new RunCommand();
        new CommandLine(command).parseArgs(options.toArray(new String[0]));
        return command.spec();
    }

    private static SweepSpec sweepOnTheCommandLine(final List<String> options)
    {
        final SweepCommand command = new SweepCommand();
        new CommandLine(command).parseArgs(options.toArray(new String[0]));
        return command.spec();
    }
}
