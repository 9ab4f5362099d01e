package io.sonde.benchmarks;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * How every hot-path benchmark runs, declared once: average nanoseconds per operation, one fork, 3 × 1 s of
 * warm-up and 5 × 1 s measured (a small shared host; {@code benchmarks/run.sh} may override them).
 * <p>
 * Every fork gets the JDK openings Agrona, Aeron and Artio need (without them a fork fails on its first buffer
 * or channel; one flag per string, in the {@code --opt=value} form, because JMH passes each element as one
 * argument) and a small fixed heap, since the benchmarks allocate nothing and the host is shared.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "-Xmx512m" })
public abstract class HotPathBenchmark
{
}
