package io.sonde.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The {@code tickToTrade} object of a market run's {@code summary.json}: added once the summary is written, read
 * back by {@link RunReport#tickToTrade()}. A summary without one (any run but a market's) reads as empty.
 */
public final class TickToTradeSummary
{
    /** The summary's field. */
    public static final String FIELD = "tickToTrade";
    /** The summary's kind of a market run, whose corrected, uncorrected and lateness are tick-to-trade's. */
    public static final String KIND = "market";

    private static final ObjectMapper JSON = new ObjectMapper()
        .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private TickToTradeSummary()
    {
    }

    /**
     * Add {@code tickToTrade} to the summary written in {@code summaryFile}, whole or not at all.
     */
    public static void addTo(final Path summaryFile, final TickToTrade tickToTrade)
    {
        final JsonNode summary = SummaryFiles.read(summaryFile);
        ((ObjectNode)summary).set(FIELD, JSON.valueToTree(tickToTrade));
        SummaryFiles.write(summaryFile, summary);
    }

    /**
     * @return the summary's {@code tickToTrade}; empty when it has none.
     * @throws IllegalArgumentException when the summary is unreadable or its {@code tickToTrade} is not one.
     */
    public static Optional<TickToTrade> read(final Path summaryFile)
    {
        final JsonNode tickToTrade = SummaryFiles.read(summaryFile).get(FIELD);
        if (tickToTrade == null || tickToTrade.isNull())
        {
            return Optional.empty();
        }
        try
        {
            return Optional.of(JSON.treeToValue(tickToTrade, TickToTrade.class));
        }
        catch (final JsonProcessingException ex)
        {
            throw new IllegalArgumentException(summaryFile + ": its tickToTrade is not readable: " +
                ex.getOriginalMessage(), ex);
        }
    }
}
