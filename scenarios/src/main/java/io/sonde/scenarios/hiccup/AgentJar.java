package io.sonde.scenarios.hiccup;

import io.sonde.api.RunFailedException;
import io.sonde.scenarios.cli.UserError;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where {@code sonde-agent.jar} is: the file named by {@code --agent-jar}, or else the one the build puts beside
 * the CLI's own jar ({@code scenarios/target/sonde-agent.jar}, {@code /opt/sonde/sonde-agent.jar} in the image).
 */
final class AgentJar
{
    static final String FILE_NAME = "sonde-agent.jar";

    private AgentJar()
    {
    }

    /**
     * @param given the {@code --agent-jar} option, or null.
     * @return the agent jar's absolute path, which the JVM it is loaded into opens.
     */
    static Path locate(final Path given)
    {
        if (given != null)
        {
            if (!Files.isRegularFile(given))
            {
                throw new UserError("--agent-jar " + given + ": no such file");
            }
            return given.toAbsolutePath();
        }
        final Path besideTheCli = cliHome().resolve(FILE_NAME);
        if (!Files.isRegularFile(besideTheCli))
        {
            throw new RunFailedException("no " + FILE_NAME + " beside the sonde CLI at " + besideTheCli + "; build " +
                "it with './mvnw -B -DskipTests package', or name one with --agent-jar", null);
        }
        return besideTheCli;
    }

    /**
     * The folder holding the CLI: the jar's folder when run from {@code sonde.jar}, and {@code target/} when run
     * from {@code target/classes} (as in tests), so both find the jar the package phase copies to {@code target/}.
     */
    private static Path cliHome()
    {
        try
        {
            return Path.of(AgentJar.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toAbsolutePath().getParent();
        }
        catch (final URISyntaxException ex)
        {
            throw new IllegalStateException("cannot tell where the sonde CLI was loaded from", ex);
        }
    }
}
