package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a run or sweep was made, as it recorded beside its figures: when it started, the command line, and the
 * whole configuration disclosure (Sonde's version, the host, the JVM, the threads and how they waited) that a
 * report prints so a result can be explained and repeated. Written and read whole, as the nested facts the
 * {@code metadata} object of {@code summary.json} and {@code sweep.json} holds. Immutable.
 */
public final class ResultMetadata
{
    private final Instant startedAt;
    private final List<String> commandLine;
    private final Map<String, String> disclosure;
    private final Map<String, Object> facts;

    ResultMetadata(
        final Instant startedAt,
        final List<String> commandLine,
        final Map<String, String> disclosure,
        final Map<String, Object> facts)
    {
        this.startedAt = startedAt;
        this.commandLine = commandLine;
        this.disclosure = disclosure;
        this.facts = facts;
    }

    /**
     * @param facts the facts as nested objects, lists, texts and numbers, e.g. {@code startedAt},
     *              {@code commandLine} and {@code host.cpus}.
     * @return the metadata that writes them as they are.
     */
    @JsonCreator
    public static ResultMetadata of(final Map<String, Object> facts)
    {
        return SummaryFiles.metadata(facts);
    }

    @JsonValue
    Map<String, Object> facts()
    {
        return facts;
    }

    /**
     * @return the wall-clock start; empty when the result holds no readable start time.
     */
    public Optional<Instant> startedAt()
    {
        return Optional.ofNullable(startedAt);
    }

    /**
     * @return the arguments Sonde was started with, e.g. {@code [run, --rate, 1k]}; empty when none were recorded.
     */
    public List<String> commandLine()
    {
        return commandLine;
    }

    /**
     * @return every fact recorded, in the file's order, by its dotted name (e.g. {@code startedAt},
     *         {@code host.cpus}) and as text: a list is one fact, written as JSON ({@code ["run","--rate","1k"]}).
     */
    public Map<String, String> disclosure()
    {
        return disclosure;
    }

    /**
     * @return the start and the command line in a line.
     */
    public String toString()
    {
        return "ResultMetadata[started " + startedAt + ", " + String.join(" ", commandLine) + "]";
    }
}
