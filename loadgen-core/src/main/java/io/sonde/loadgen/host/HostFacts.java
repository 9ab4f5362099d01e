package io.sonde.loadgen.host;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.RuntimeMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The facts about this host and JVM that affect latency jitter, read without root and tolerant of
 * missing files (containers and non-Linux hosts hide many of them): what a STAC-style configuration
 * disclosure needs, and what {@code sonde doctor} explains.
 *
 * @param cpuModel      CPU model name.
 * @param cpuCount      processors available to this JVM.
 * @param smtActive     whether simultaneous multithreading is on ("1"/"0"), if visible.
 * @param kernel        kernel release.
 * @param kernelCmdline the boot command line (isolcpus, nohz_full, rcu_nocbs live there).
 * @param isolatedCpus  CPUs isolated from the scheduler.
 * @param nohzFullCpus  CPUs running tickless.
 * @param governor      cpufreq governor of cpu0.
 * @param clocksource   the kernel clocksource behind System.nanoTime.
 * @param transparentHugePages the THP mode, e.g. "[always] madvise never".
 * @param numaNodes     NUMA nodes online.
 * @param jvm           JVM vendor, name and version.
 * @param jvmArguments  the JVM's input arguments.
 * @param garbageCollectors the collectors in use.
 * @param rcuNocbs      CPUs whose RCU callbacks are offloaded (from the boot command line), or "none".
 * @param idleStates    cpu0's idle (C-) states, "name" or "name(disabled)", empty when not visible.
 * @param irqBalance    whether an irqbalance daemon is running ("yes"/"no").
 * @param virtualised   whether the CPU reports running under a hypervisor ("yes"/"no"/unknown).
 */
public record HostFacts(
    String cpuModel,
    int cpuCount,
    String smtActive,
    String kernel,
    String kernelCmdline,
    String isolatedCpus,
    String nohzFullCpus,
    String governor,
    String clocksource,
    String transparentHugePages,
    String numaNodes,
    String jvm,
    List<String> jvmArguments,
    List<String> garbageCollectors,
    String rcuNocbs,
    List<String> idleStates,
    String irqBalance,
    String virtualised)
{
    static final String UNKNOWN = "unknown";

    /**
     * Read the facts of the running host from {@code /proc} and {@code /sys}.
     */
    public static HostFacts read()
    {
        return read(Path.of("/"));
    }

    /**
     * Read the facts from a root folder laid out like {@code /}: lets tests supply their own files.
     */
    public static HostFacts read(final Path root)
    {
        final RuntimeMXBean runtime = ManagementFactory.getRuntimeMXBean();
        return new HostFacts(
            cpuModel(root),
            Runtime.getRuntime().availableProcessors(),
            firstLine(root, "sys/devices/system/cpu/smt/active"),
            firstLine(root, "proc/sys/kernel/osrelease"),
            firstLine(root, "proc/cmdline"),
            emptyAsNone(firstLine(root, "sys/devices/system/cpu/isolated")),
            emptyAsNone(firstLine(root, "sys/devices/system/cpu/nohz_full")),
            firstLine(root, "sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"),
            firstLine(root, "sys/devices/system/clocksource/clocksource0/current_clocksource"),
            firstLine(root, "sys/kernel/mm/transparent_hugepage/enabled"),
            firstLine(root, "sys/devices/system/node/online"),
            runtime.getVmVendor() + " " + runtime.getVmName() + " " + runtime.getVmVersion(),
            List.copyOf(runtime.getInputArguments()),
            collectorNames(),
            bootParameter(firstLine(root, "proc/cmdline"), "rcu_nocbs"),
            idleStates(root),
            processRunning(root, "irqbalance") ? "yes" : "no",
            virtualised(root));
    }

    private static String bootParameter(final String cmdline, final String name)
    {
        for (final String parameter : cmdline.split("\\s+"))
        {
            if (parameter.startsWith(name + "="))
            {
                return parameter.substring(name.length() + 1);
            }
        }
        return "none";
    }

    private static List<String> idleStates(final Path root)
    {
        final Path folder = root.resolve("sys/devices/system/cpu/cpu0/cpuidle");
        final List<String> states = new ArrayList<>();
        try (Stream<Path> entries = Files.list(folder))
        {
            for (final Path state : entries.filter(p -> p.getFileName().toString().startsWith("state")).sorted()
                .toList())
            {
                final String name = firstLine(state, "name");
                states.add("1".equals(firstLine(state, "disable")) ? name + "(disabled)" : name);
            }
        }
        catch (final IOException | SecurityException ex)
        {
            return List.of();
        }
        return List.copyOf(states);
    }

    private static boolean processRunning(final Path root, final String command)
    {
        try (Stream<Path> entries = Files.list(root.resolve("proc")))
        {
            return entries.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                .anyMatch(p -> command.equals(firstLine(p, "comm")));
        }
        catch (final IOException | SecurityException ex)
        {
            return false;
        }
    }

    private static String virtualised(final Path root)
    {
        final List<String> cpuinfo = lines(root, "proc/cpuinfo");
        if (cpuinfo.isEmpty())
        {
            return UNKNOWN;
        }
        return cpuinfo.stream().anyMatch(line -> line.startsWith("flags") && line.contains(" hypervisor")) ?
            "yes" : "no";
    }

    private static String cpuModel(final Path root)
    {
        return lines(root, "proc/cpuinfo").stream()
            .filter(line -> line.startsWith("model name"))
            .map(line -> line.substring(line.indexOf(':') + 1).trim())
            .findFirst()
            .orElse(UNKNOWN);
    }

    private static List<String> collectorNames()
    {
        final List<String> names = new ArrayList<>();
        for (final GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans())
        {
            names.add(collector.getName());
        }
        return names;
    }

    /**
     * An empty CPU list file means the feature is present but unused; a missing file stays unknown.
     */
    private static String emptyAsNone(final String value)
    {
        return value.isEmpty() ? "none" : value;
    }

    private static String firstLine(final Path root, final String relative)
    {
        return lines(root, relative).stream().findFirst().map(String::trim).orElse(UNKNOWN);
    }

    private static List<String> lines(final Path root, final String relative)
    {
        final Path file = root.resolve(relative);
        try
        {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        }
        catch (final IOException | SecurityException ex)
        {
            return List.of();
        }
    }
}
