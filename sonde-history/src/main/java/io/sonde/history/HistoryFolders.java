package io.sonde.history;


import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What {@code sonde report} reads: result folders as given, and runs of the history by id, each written back
 * into a temporary folder exactly as it was recorded, so that a recorded run is reported as its folder was.
 * Closing removes the temporary folders.
 */
public final class HistoryFolders implements AutoCloseable
{
    private static final Pattern RUN_ID = Pattern.compile("[1-9][0-9]*");

    private final List<Path> folders;
    private final List<String> labels;
    private final List<Path> temporary;

    private HistoryFolders(final List<Path> folders, final List<String> labels, final List<Path> temporary)
    {
        this.folders = folders;
        this.labels = labels;
        this.temporary = temporary;
    }

    /**
     * @param arguments  folders, or run ids of the history (an argument that is all digits and no folder).
     * @param historyUrl {@code --history}, or null for the default history.
     * @throws HistoryException when a run id is not in the history.
     */
    public static HistoryFolders resolve(final List<Path> arguments, final String historyUrl)
    {
        final List<Path> folders = new ArrayList<>();
        final List<String> labels = new ArrayList<>();
        final List<Path> temporary = new ArrayList<>();
        HistoryDatabase history = null;
        try
        {
            for (final Path argument : arguments)
            {
                if (Files.isDirectory(argument) || !RUN_ID.matcher(argument.toString()).matches())
                {
                    folders.add(argument);
                    labels.add(argument.toString());
                    continue;
                }
                history = history != null ? history : HistoryDatabase.open(HistoryLocation.resolve(historyUrl));
                final long id = Long.parseLong(argument.toString());
                final Path folder = materialise(history, id);
                temporary.add(folder);
                folders.add(folder);
                labels.add("run " + id);
            }
        }
        catch (final RuntimeException ex)
        {
            delete(temporary);
            throw ex;
        }
        finally
        {
            if (history != null)
            {
                history.close();
            }
        }
        return new HistoryFolders(List.copyOf(folders), List.copyOf(labels), temporary);
    }

    /**
     * @return run {@code id} of {@code history} written back into a temporary folder, whatever folders are here.
     * @throws HistoryException when it is not in the history.
     */
    public static HistoryFolders recorded(final HistoryDatabase history, final long id)
    {
        final Path folder = materialise(history, id);
        return new HistoryFolders(List.of(folder), List.of("run " + id), List.of(folder));
    }

    public List<Path> folders()
    {
        return folders;
    }

    /**
     * @return how the report names the input at {@code index}: its folder, or {@code run ID}.
     */
    public String label(final int index)
    {
        return labels.get(index);
    }

    /**
     * @return report.html in the first folder; for a file (an interval log) {@code NAME.html} beside it; for a run
     *         of the history {@code results/run-ID/report.html} (its temporary folder is gone once the report is
     *         written).
     */
    public Path defaultReport()
    {
        final Path first = folders.get(0);
        if (temporary.contains(first))
        {
            return Path.of("results", name(0), "report.html");
        }
        if (Files.isRegularFile(first))
        {
            final String file = first.getFileName().toString();
            final int dot = file.lastIndexOf('.');
            return first.resolveSibling((dot > 0 ? file.substring(0, dot) : file) + ".html");
        }
        return first.resolve("report.html");
    }

    /**
     * @return where a comparison of the first two inputs goes: {@code compare-A-B.html} beside the first, named
     *         after both (in {@code results/} for a run of the history), never into a folder's own report.
     */
    public Path defaultComparison()
    {
        final String file = "compare-" + name(0) + "-" + name(1) + ".html";
        final Path first = folders.get(0).toAbsolutePath().normalize();
        return temporary.contains(folders.get(0)) || first.getParent() == null ? Path.of("results", file) :
            folders.get(0).resolveSibling(file);
    }

    public void close()
    {
        delete(temporary);
    }

    /**
     * @return the input at {@code index} as part of a file name: its folder's or file's own name, or
     *         {@code run-ID}.
     */
    private String name(final int index)
    {
        final Path input = folders.get(index);
        return temporary.contains(input) ? labels.get(index).replace(' ', '-') :
            String.valueOf(input.toAbsolutePath().normalize().getFileName());
    }

    /**
     * Write a recorded result's files into a new temporary folder.
     */
    static Path materialise(final HistoryDatabase history, final long id)
    {
        if (history.run(id).isEmpty())
        {
            throw new HistoryException("no run " + id + " in the history " + history.description() + ", and no " +
                "folder " + id + " here");
        }
        final Map<String, String> files = history.files(id);
        try
        {
            final Path folder = Files.createTempDirectory("sonde-history-" + id + "-");
            for (final Map.Entry<String, String> file : files.entrySet())
            {
                final Path target = folder.resolve(file.getKey()).normalize();
                if (!target.startsWith(folder))
                {
                    throw new HistoryException("run " + id + " in the history holds a file outside its folder: " +
                        file.getKey());
                }
                Files.createDirectories(target.getParent());
                Files.writeString(target, file.getValue(), StandardCharsets.UTF_8);
            }
            return folder;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write run " + id + " of the history to a temporary folder", ex);
        }
    }

    private static void delete(final List<Path> folders)
    {
        for (final Path folder : folders)
        {
            try (Stream<Path> files = Files.walk(folder))
            {
                for (final Path file : files.sorted(Comparator.reverseOrder()).toList())
                {
                    Files.deleteIfExists(file);
                }
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException("cannot remove the temporary folder " + folder, ex);
            }
        }
    }
}
