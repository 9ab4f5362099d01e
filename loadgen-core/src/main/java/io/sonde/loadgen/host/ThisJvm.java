package io.sonde.loadgen.host;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * How to start another JVM like this one: the same java executable, options (e.g. the add-opens Aeron needs)
 * and classpath, for child processes such as cluster members or a client a test kills.
 */
public final class ThisJvm
{
    private ThisJvm()
    {
    }

    /**
     * @return the command that runs {@code mainClass} with {@code args} in a new JVM like this one; debugger and
     *         profiler agents are left out, as they would fight over their ports.
     */
    public static List<String> command(final String mainClass, final String... args)
    {
        final List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
            .filter(argument -> !argument.startsWith("-agentlib") && !argument.startsWith("-javaagent"))
            .toList());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(List.of(args));
        return command;
    }
}
