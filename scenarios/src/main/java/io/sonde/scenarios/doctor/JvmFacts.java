package io.sonde.scenarios.doctor;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a running JVM shows of the settings that shape its pauses.
 *
 * @param pid            its process id.
 * @param vm             the VM's name and version, e.g. "OpenJDK 64-Bit Server VM 17.0.15+6".
 * @param collectors     the names of its garbage collectors, e.g. "G1 Young Generation".
 * @param heapUsedBytes  heap in use when asked.
 * @param flags          the values of the VM flags Sonde gives advice on, by name; a flag this VM does not have
 *                       (e.g. UseBiasedLocking after JDK 17) is absent.
 * @param jvmArguments   the options the JVM was started with.
 */
public record JvmFacts(
    long pid,
    String vm,
    List<String> collectors,
    long heapUsedBytes,
    Map<String, String> flags,
    List<String> jvmArguments)
{
    /**
     * The flags read from the JVM: heap sizing, page use, the collector's pause target, and the two settings
     * known for adding safepoint pauses (biased locking, the memory-mapped perf data file).
     */
    public static final List<String> FLAGS_READ = List.of("InitialHeapSize", "MaxHeapSize", "AlwaysPreTouch",
        "UseLargePages", "UseTransparentHugePages", "MaxGCPauseMillis", "UseBiasedLocking", "PerfDisableSharedMem");

    public Optional<String> flag(final String name)
    {
        return Optional.ofNullable(flags.get(name));
    }

    public boolean flagIsTrue(final String name)
    {
        return flag(name).map(Boolean::parseBoolean).orElse(false);
    }

    public long flagAsLong(final String name)
    {
        return flag(name).map(Long::parseLong).orElse(0L);
    }
}
