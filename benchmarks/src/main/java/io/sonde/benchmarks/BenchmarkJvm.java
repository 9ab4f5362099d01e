package io.sonde.benchmarks;

/**
 * Flags every benchmark fork is started with: Agrona, Aeron and Artio reach into these JDK internals, and
 * a fork without them fails on its first buffer or channel. One flag per string, in the {@code --opt=value}
 * form, because JMH passes each array element to the forked JVM as one argument.
 */
public final class BenchmarkJvm
{
    public static final String OPEN_JDK_INTERNAL_MISC = "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED";
    public static final String OPEN_SUN_NIO_CH = "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED";
    /** A small fixed heap: the benchmarks allocate nothing, and the host is shared. */
    public static final String HEAP = "-Xmx512m";

    private BenchmarkJvm()
    {
    }
}
