package io.sonde.agent;

/**
 * The JVM under test in forked-JVM tests: says it is ready, then sleeps for the milliseconds it is given and
 * exits, so a test can pause it, attach to it, or watch it exit.
 */
public final class PausableMain
{
    public static final String READY = "ready";

    private PausableMain()
    {
    }

    public static void main(final String[] args) throws InterruptedException
    {
        System.out.println(READY);
        System.out.flush();
        Thread.sleep(Long.parseLong(args[0]));
    }
}
