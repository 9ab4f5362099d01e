package io.sonde.scenarios.cli;

import io.sonde.loadgen.host.ThisJvm;

import java.util.List;

/**
 * {@code sonde} in a new JVM like this one (same Java, classpath and JVM flags): how tests start a process they
 * can signal.
 * <p>
 * The entry point is named, not referenced: its package lists every command, so a command that referred to it
 * would tie its package and the launcher's into one. {@code SondeProcessTest} checks the name against the class.
 */
public final class SondeProcess
{
    /** The launcher's main class. */
    public static final String MAIN_CLASS = "io.sonde.scenarios.SondeMain";

    private SondeProcess()
    {
    }

    /**
     * @return the command line up to the main class; add {@code sonde}'s arguments after it.
     */
    public static List<String> javaCommand()
    {
        return ThisJvm.command(MAIN_CLASS);
    }
}
