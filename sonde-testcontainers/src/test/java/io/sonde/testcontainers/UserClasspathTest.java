package io.sonde.testcontainers;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user who runs Sonde in containers gets the API and Testcontainers on their test classpath, and no FIX engine:
 * no Artio, Aeron or Agrona jar, and no Sonde module but sonde-api and this one. This module's own test classpath
 * is the proof, since it holds everything the module's dependencies bring.
 */
class UserClasspathTest
{
    /** The Sonde modules a container user's classpath may hold. */
    private static final Set<String> ALLOWED_SONDE_MODULES = Set.of("sonde-api", "sonde-testcontainers");
    /** Artio, Aeron and Agrona as a Maven repository lays them out, or as their jars are named. */
    private static final Pattern FIX_ENGINE = Pattern.compile(
        "/uk/co/real-logic/artio[^/]*/|/io/aeron/|/org/agrona/|/(artio|aeron|agrona)[^/]*\\.jar$");
    /** A Sonde module from a Maven repository ({@code io/sonde/ARTIFACT/VERSION/...}). */
    private static final Pattern SONDE_ARTIFACT = Pattern.compile("/io/sonde/([^/]+)/[^/]+/[^/]+\\.jar$");
    /** A module of this build, in the reactor: its classes, test classes or jar under {@code MODULE/target/}. */
    private static final Pattern REACTOR_MODULE = Pattern.compile("/([^/]+)/target/[^/]+$");

    @Test
    void theTestClasspathHoldsNoFixEngineAndNoSondeModuleButTheApiAndThisOne()
    {
        final List<String> classpath = Arrays.asList(System.getProperty("java.class.path").split(File.pathSeparator));
        assertTrue(classpath.stream().anyMatch(entry -> entry.replace('\\', '/').contains("/org/testcontainers/")),
            "the check reads the resolved test classpath, dependencies included: " + classpath);

        final List<String> offending = offending(classpath);

        assertTrue(offending.isEmpty(), "sonde-testcontainers depends on sonde-api and Testcontainers only, but " +
            "a container user's test classpath would hold:\n  " + String.join("\n  ", offending));
    }

    @Test
    void theCheckNamesTheEngineJarsAndTheOtherSondeModulesWhereverTheyWereResolvedFrom()
    {
        final String repository = "/home/me/.m2/repository";
        final List<String> classpath = List.of(
            repository + "/io/sonde/sonde-api/0.1.0/sonde-api-0.1.0.jar",
            "/work/sonde/sonde-testcontainers/target/classes",
            "/work/sonde/sonde-testcontainers/target/test-classes",
            repository + "/org/testcontainers/testcontainers/2.0.5/testcontainers-2.0.5.jar",
            repository + "/uk/co/real-logic/artio-core/0.175/artio-core-0.175.jar",
            repository + "/uk/co/real-logic/sbe-tool/1.37.1/sbe-tool-1.37.1.jar",
            repository + "/io/aeron/aeron-client/1.51.0/aeron-client-1.51.0.jar",
            repository + "/org/agrona/agrona/2.4.1/agrona-2.4.1.jar",
            repository + "/io/sonde/fix-client/0.1.0/fix-client-0.1.0.jar",
            "/work/sonde/sonde-inprocess/target/classes",
            "/work/sonde/loadgen-core/target/loadgen-core-0.1.0.jar",
            "C:\\sonde\\exchange-sut\\target\\classes");

        assertEquals(List.of(
            repository + "/uk/co/real-logic/artio-core/0.175/artio-core-0.175.jar",
            repository + "/io/aeron/aeron-client/1.51.0/aeron-client-1.51.0.jar",
            repository + "/org/agrona/agrona/2.4.1/agrona-2.4.1.jar",
            repository + "/io/sonde/fix-client/0.1.0/fix-client-0.1.0.jar",
            "/work/sonde/sonde-inprocess/target/classes",
            "/work/sonde/loadgen-core/target/loadgen-core-0.1.0.jar",
            "C:\\sonde\\exchange-sut\\target\\classes"), offending(classpath));
        assertFalse(offending(List.of("/opt/libs/agrona-2.4.1.jar")).isEmpty(), "a jar outside a repository");
    }

    /**
     * @return the entries that are an Artio, Aeron or Agrona jar, or a Sonde module other than the allowed ones.
     */
    private static List<String> offending(final List<String> classpath)
    {
        final List<String> offending = new ArrayList<>();
        for (final String entry : classpath)
        {
            final String path = entry.replace('\\', '/');
            if (FIX_ENGINE.matcher(path).find() || isOtherSondeModule(path))
            {
                offending.add(entry);
            }
        }
        return offending;
    }

    private static boolean isOtherSondeModule(final String path)
    {
        final Matcher artifact = SONDE_ARTIFACT.matcher(path);
        if (artifact.find())
        {
            return !ALLOWED_SONDE_MODULES.contains(artifact.group(1));
        }
        final Matcher module = REACTOR_MODULE.matcher(path);
        return module.find() && !ALLOWED_SONDE_MODULES.contains(module.group(1));
    }
}
