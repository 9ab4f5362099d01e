package io.sonde.scenarios.doctor;

import io.sonde.scenarios.doctor.Finding.Level;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads a running JVM's settings the way a latency engineer would: which ones make its pauses longer or more
 * frequent, and the usual remedy. What {@code sonde doctor --pid} adds to the host's findings.
 */
public final class JvmAdvice
{
    static final long G1_DEFAULT_PAUSE_TARGET_MS = 200;
    static final long LARGE_HEAP_BYTES = 8L << 30;

    private static final long MEGABYTE = 1 << 20;

    private JvmAdvice()
    {
    }

    public static List<Finding> assess(final JvmFacts jvm)
    {
        final List<Finding> findings = new ArrayList<>();
        findings.add(new Finding(Level.INFO, "JVM of pid " + jvm.pid(), jvm.vm(),
            "the runtime of the system under test, for the configuration disclosure"));
        findings.add(collector(jvm));
        findings.add(heapSizing(jvm));
        findings.add(preTouch(jvm));
        findings.add(pages(jvm));
        if (jvm.flagIsTrue("UseBiasedLocking"))
        {
            findings.add(new Finding(Level.WARN, "biased locking", "on", "revoking a biased lock takes a " +
                "safepoint that stops every thread; -XX:-UseBiasedLocking (off by default since JDK 15)"));
        }
        jvm.flag("PerfDisableSharedMem").filter(disabled -> !Boolean.parseBoolean(disabled)).ifPresent(
            enabled -> findings.add(new Finding(Level.INFO, "perf data file", "memory-mapped (hsperfdata)",
                "the JVM updates a file-backed counter page, and a stalled disk write of it can stall a " +
                "safepoint; -XX:+PerfDisableSharedMem avoids that (jps stops listing the JVM, attach by pid " +
                "still works)")));
        findings.add(pauseLogging(jvm.jvmArguments()));
        return findings;
    }

    private static Finding collector(final JvmFacts jvm)
    {
        final String names = jvm.collectors().isEmpty() ? "unknown" : String.join(", ", jvm.collectors());
        if (names.contains("ZGC") || names.contains("Shenandoah"))
        {
            return new Finding(Level.OK, "garbage collector", names, "concurrent: pauses are short and do not " +
                "grow with the heap");
        }
        if (names.contains("G1"))
        {
            final long targetMs = jvm.flagAsLong("MaxGCPauseMillis");
            final long maxHeap = jvm.flagAsLong("MaxHeapSize");
            final String value = names + ", pause target " + targetMs + " ms";
            return targetMs >= G1_DEFAULT_PAUSE_TARGET_MS && maxHeap >= LARGE_HEAP_BYTES ?
                new Finding(Level.WARN, "garbage collector", value, "G1 aims for pauses under " + targetMs +
                    " ms, and on a " + megabytes(maxHeap) + " heap it uses that room; set -XX:MaxGCPauseMillis " +
                    "to what the tail can afford, or use -XX:+UseZGC") :
                new Finding(Level.INFO, "garbage collector", value, "stop-the-world young collections show as " +
                    "hiccups; -XX:+UseZGC keeps them under a millisecond");
        }
        if (names.contains("Epsilon"))
        {
            return new Finding(Level.OK, "garbage collector", names, "no collections at all, until the heap is full");
        }
        return new Finding(Level.WARN, "garbage collector", names, "every collection stops all threads for a time " +
            "that grows with the heap; use -XX:+UseZGC, or G1 with a pause target");
    }

    private static Finding heapSizing(final JvmFacts jvm)
    {
        final long initial = jvm.flagAsLong("InitialHeapSize");
        final long max = jvm.flagAsLong("MaxHeapSize");
        final String value = "initial " + megabytes(initial) + ", max " + megabytes(max) + ", in use " +
            megabytes(jvm.heapUsedBytes());
        return initial < max ?
            new Finding(Level.WARN, "heap size", value, "the heap is resized under load, each time in a " +
                "collection; set -Xms equal to -Xmx") :
            new Finding(Level.OK, "heap size", value, "fixed: no resizing while running");
    }

    private static Finding preTouch(final JvmFacts jvm)
    {
        return jvm.flagIsTrue("AlwaysPreTouch") ?
            new Finding(Level.OK, "AlwaysPreTouch", "on", "the heap's pages were faulted in at start") :
            new Finding(Level.WARN, "AlwaysPreTouch", "off", "the heap's pages are faulted in by the OS on first " +
                "use, while running, and the first GCs into new memory are slow; -XX:+AlwaysPreTouch does it at " +
                "start");
    }

    private static Finding pages(final JvmFacts jvm)
    {
        if (jvm.flagIsTrue("UseLargePages") || jvm.flagIsTrue("UseTransparentHugePages"))
        {
            return new Finding(Level.OK, "large pages", jvm.flagIsTrue("UseLargePages") ? "UseLargePages" :
                "UseTransparentHugePages", "fewer TLB misses on the heap");
        }
        return new Finding(Level.INFO, "large pages", "off", "a large heap in 4 KB pages misses the TLB more " +
            "often; -XX:+UseTransparentHugePages (with THP in madvise mode) or -XX:+UseLargePages");
    }

    private static Finding pauseLogging(final List<String> arguments)
    {
        final List<String> logging = arguments.stream()
            .filter(argument -> argument.startsWith("-Xlog") &&
                (argument.contains("gc") || argument.contains("safepoint")))
            .toList();
        return logging.isEmpty() ?
            new Finding(Level.INFO, "GC and safepoint log", "none", "without it a hiccup cannot be told apart " +
                "from a GC or a safepoint; -Xlog:gc*,safepoint:file=gc.log:time,uptime costs next to nothing") :
            new Finding(Level.OK, "GC and safepoint log", String.join(" ", logging), "hiccups can be matched " +
                "to the pauses it records");
    }

    private static String megabytes(final long bytes)
    {
        return String.format(Locale.ROOT, "%d MB", bytes / MEGABYTE);
    }
}
