package io.sonde.scenarios.hiccup;

import io.sonde.agent.AgentOptions;
import io.sonde.api.RunFailedException;
import io.sonde.scenarios.attach.AttachedJvm;
import io.sonde.scenarios.cli.DurationConverter;
import io.sonde.scenarios.cli.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * {@code sonde hiccup --pid N --out DIR}: load {@code sonde-agent.jar} into a running JVM, which then records its
 * hiccups into {@code DIR/NAME.hiccup.hlog} until it exits, as if it had been started with
 * {@code -javaagent:sonde-agent.jar=out=DIR}.
 */
@Command(
    name = "hiccup",
    description = {
        "Record the hiccups (GC pauses, safepoints, vCPU stalls) of a running JVM of this user, e.g. a FIX " +
            "gateway, by attaching sonde-agent.jar to it. The JVM writes DIR/NAME.hiccup.hlog, a jHiccup-format " +
            "interval log tagged 'hiccup', until it exits; this command returns once the recording has started. " +
            "To record from a JVM's start, give it -javaagent:sonde-agent.jar=out=DIR instead."
    },
    mixinStandardHelpOptions = true)
public final class HiccupCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Option(names = "--pid", required = true, description = "Process id of the JVM to record.")
    private long pid;

    @Option(names = "--out", required = true, description = "Folder the JVM writes its hiccup log into; created " +
        "if missing. A relative folder is taken from this command's working directory.")
    private Path out;

    @Option(names = "--resolution", defaultValue = "1ms", converter = DurationConverter.class,
        description = "How long the sampling thread sleeps between samples: the shortest hiccup it tells apart " +
            "(default: ${DEFAULT-VALUE}).")
    private Duration resolution;

    @Option(names = "--interval", defaultValue = "1s", converter = DurationConverter.class,
        description = "How much time each histogram of the log covers (default: ${DEFAULT-VALUE}).")
    private Duration interval;

    @Option(names = "--name", description = "Component name for the log's file name and header, e.g. " +
        "fix-gateway-1 (default: jvm-<pid>).")
    private String name;

    @Option(names = "--agent-jar", description = "The agent jar to load (default: sonde-agent.jar beside the " +
        "sonde CLI's jar).")
    private Path agentJar;

    public Integer call()
    {
        final AgentOptions options = options();
        if (Files.exists(options.logFile()))
        {
            throw new UserError(options.logFile() + " exists: keep that recording, and choose another --out or " +
                "--name");
        }
        final Path jar = AgentJar.locate(agentJar);
        try (AttachedJvm jvm = AttachedJvm.attach(pid))
        {
            jvm.loadAgent(jar, options.argument());
        }
        // The agent creates its log before agentmain returns, or prints why not on the JVM's standard error.
        if (!Files.exists(options.logFile()))
        {
            throw new RunFailedException("pid " + pid + " loaded the agent but is not writing " + options.logFile() +
                "; its standard error says why (a folder that JVM's user cannot write, or a recording already " +
                "running there)", null);
        }
        spec.commandLine().getOut().println("recording the hiccups of pid " + pid + " into " + options.logFile() +
            " until it exits (resolution " + resolution.toNanos() + " ns, a histogram every " + interval.toMillis() +
            " ms)");
        return 0;
    }

    private AgentOptions options()
    {
        try
        {
            return AgentOptions.of(out, resolution.toNanos(), interval.toNanos(), name, pid);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UserError(ex.getMessage());
        }
    }
}
