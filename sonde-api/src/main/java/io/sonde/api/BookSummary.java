package io.sonde.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The {@code book} object of a run's {@code summary.json}: added once the summary is written, read back by
 * {@link RunReport#book()}. A summary without one (any flow but the book) reads as empty.
 */
public final class BookSummary
{
    /** The summary's field. */
    public static final String FIELD = "book";

    private static final ObjectMapper JSON = new ObjectMapper()
        .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private BookSummary()
    {
    }

    /**
     * Add {@code book} to the summary written in {@code summaryFile}, whole or not at all.
     */
    public static void addTo(final Path summaryFile, final BookReport book)
    {
        final JsonNode summary = SummaryFiles.read(summaryFile);
        ((ObjectNode)summary).set(FIELD, JSON.valueToTree(book));
        SummaryFiles.write(summaryFile, summary);
    }

    /**
     * @throws IllegalArgumentException when the summary is unreadable or its {@code book} is not one.
     */
    static Optional<BookReport> read(final Path summaryFile)
    {
        final JsonNode book = SummaryFiles.read(summaryFile).get(FIELD);
        if (book == null || book.isNull())
        {
            return Optional.empty();
        }
        try
        {
            return Optional.of(JSON.treeToValue(book, BookReport.class));
        }
        catch (final JsonProcessingException ex)
        {
            throw new IllegalArgumentException(summaryFile + ": its book is not readable: " + ex.getOriginalMessage(),
                ex);
        }
    }
}
