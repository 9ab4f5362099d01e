package io.sonde.scenarios;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the bash completion script of {@code sonde} and the AsciiDoc sources of its man pages, one per command,
 * from the very command line the launcher runs: options that a command adds to its model as Picocli builds it
 * ({@link io.sonde.scenarios.cli.SpecOptions}) are in both. The build's package phase runs it with picocli-codegen
 * on its class path, which {@code sonde.jar} does not carry; Asciidoctor then turns the sources into man pages.
 */
public final class SondeDocs
{
    private SondeDocs()
    {
    }

    /**
     * @param args the completion script's file, then the folder for the man pages' AsciiDoc sources.
     * @throws IOException when either cannot be written.
     */
    public static void main(final String[] args) throws IOException
    {
        if (args.length != 2)
        {
            throw new IllegalArgumentException("usage: SondeDocs COMPLETION-FILE MAN-SOURCE-FOLDER");
        }
        final CommandLine sonde = new CommandLine(new SondeCommand());
        final Path completion = Path.of(args[0]);
        Files.createDirectories(completion.toAbsolutePath().getParent());
        Files.writeString(completion, AutoComplete.bash("sonde", sonde), StandardCharsets.UTF_8);

        final File manSources = new File(args[1]);
        final int failed = ManPageGenerator.generateManPage(manSources, null, new boolean[0], true,
            sonde.getCommandSpec());
        if (failed != 0)
        {
            throw new IOException("the man pages' sources could not all be written to " + manSources);
        }
    }
}
