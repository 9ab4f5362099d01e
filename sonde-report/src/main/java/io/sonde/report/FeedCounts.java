package io.sonde.report;

import io.sonde.api.MarketData;

import java.util.ArrayList;
import java.util.List;

/**
 * The market data counts of a report row ({@code marketData} in each generator's summary.json), summed over its
 * generators; and why order-to-tick could not be measured, when a generator says so.
 */
final class FeedCounts
{
    private final List<String> sources = new ArrayList<>();
    private final List<String> unavailable = new ArrayList<>();
    private long expected;
    private long seen;
    private long messages;
    private double messagesPerSecond;
    private long gaps;
    private long recovered;
    private long unmatched;
    private long missing;

    void add(final MarketData marketData)
    {
        if (!sources.contains(marketData.source()))
        {
            sources.add(marketData.source());
        }
        marketData.unavailable().ifPresent(reason -> unavailable.add(marketData.source() + ": " + reason));
        expected += marketData.expected();
        seen += marketData.seen();
        messages += marketData.messages();
        messagesPerSecond += marketData.messagesPerSecond();
        gaps += marketData.gaps();
        recovered += marketData.recovered();
        unmatched += marketData.unmatched();
        missing += marketData.missing();
    }

    String source()
    {
        return String.join(", ", sources);
    }

    /**
     * @return why order-to-tick was not measured, by source, or null when every generator measured it.
     */
    String unavailable()
    {
        return unavailable.isEmpty() ? null : String.join("; ", unavailable);
    }

    long expected()
    {
        return expected;
    }

    long seen()
    {
        return seen;
    }

    long messages()
    {
        return messages;
    }

    double messagesPerSecond()
    {
        return messagesPerSecond;
    }

    long gaps()
    {
        return gaps;
    }

    long recovered()
    {
        return recovered;
    }

    long unmatched()
    {
        return unmatched;
    }

    long missing()
    {
        return missing;
    }
}
