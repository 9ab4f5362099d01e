package io.sonde.strategy;

import io.sonde.fix.codecs.MDEntryType;
import io.sonde.fix.codecs.MDUpdateAction;
import io.sonde.fix.codecs.builder.HeaderEncoder;
import io.sonde.fix.codecs.builder.MarketDataIncrementalRefreshEncoder;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.fields.DecimalFloat;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Only an X entry that adds an order under Text (58) TRIGGER, with a numeric MDEntryID, is a trigger; its price is
 * read to the feed's 4 decimals whatever the decimals it was written with.
 */
class FixTriggersTest
{
    private final StrategyCounts counts = new StrategyCounts();
    private final FixTriggers triggers = new FixTriggers(List.of("SONDE.A"),
        new Reactions(StrategySettings.FIX_4_4, StrategySettings.TEXT_TAG, counts));
    private final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new byte[2048]);

    @Test
    void onlyNewEntriesMarkedTriggerWithANumericIdAreTriggers()
    {
        final MarketDataIncrementalRefreshEncoder refresh = new MarketDataIncrementalRefreshEncoder();
        refresh.mDReqID("md");
        refresh.mDEntriesGroup(5)
            .mDUpdateAction(MDUpdateAction.NEW).mDEntryType(MDEntryType.BID).mDEntryID("41").symbol("SONDE.A")
            .mDEntryPx(100_0050, 4).mDEntrySize(7, 0).text("TRIGGER")
            .next()
            .mDUpdateAction(MDUpdateAction.NEW).mDEntryType(MDEntryType.BID).mDEntryID("42").symbol("SONDE.A")
            .mDEntryPx(100_00, 2).mDEntrySize(7, 0)
            .next()
            .mDUpdateAction(MDUpdateAction.CHANGE).mDEntryType(MDEntryType.BID).mDEntryID("41").symbol("SONDE.A")
            .mDEntryPx(100_0050, 4).mDEntrySize(3, 0).text("TRIGGER")
            .next()
            .mDUpdateAction(MDUpdateAction.NEW).mDEntryType(MDEntryType.OFFER).mDEntryID("4x").symbol("SONDE.A")
            .mDEntryPx(101_0050, 4).mDEntrySize(7, 0).text("TRIGGER")
            .next()
            .mDUpdateAction(MDUpdateAction.NEW).mDEntryType(MDEntryType.OFFER).mDEntryID("44").symbol("SONDE.A")
            .mDEntryPx(101_0050, 4).mDEntrySize(7, 0).text("TRIGGERED");

        final long encoded = encode(refresh);
        triggers.onIncrementalRefresh(buffer, Encoder.offset(encoded), Encoder.length(encoded));

        assertEquals(1, counts.triggersSeen());
    }

    @Test
    void aPriceIsReadToFourDecimals()
    {
        assertEquals(100_0050, FixTriggers.fixedPoint(new DecimalFloat(100_005, 3)));
        assertEquals(100_0000, FixTriggers.fixedPoint(new DecimalFloat(100, 0)));
        assertEquals(100_0050, FixTriggers.fixedPoint(new DecimalFloat(1_000_050_000, 7)));
    }

    private long encode(final MarketDataIncrementalRefreshEncoder refresh)
    {
        ((HeaderEncoder)refresh.header()).senderCompID("SONDEMKT").targetCompID("APP").msgSeqNum(1)
            .sendingTime("20261128-06:00:00.000".getBytes(StandardCharsets.US_ASCII));
        return refresh.encode(buffer, 0);
    }
}
