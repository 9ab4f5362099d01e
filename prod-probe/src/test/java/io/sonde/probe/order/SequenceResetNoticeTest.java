package io.sonde.probe.order;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A logon that resets both sides' sequence numbers is expected on a local start (an empty state.dir, an acceptor
 * that forgets): the log says so once, in an ordinary sentence, and the rest are only counted.
 */
class SequenceResetNoticeTest
{
    @Test
    void theFirstResetIsLoggedOnceCalmlyAndEveryResetIsCounted()
    {
        final ProbeCounters counters = new ProbeCounters();
        final List<String> log = new ArrayList<>();
        final SequenceResetNotice notice = new SequenceResetNotice(counters, log::add);

        notice.onReset(0);
        notice.onReset(1);
        notice.onReset(0);

        assertEquals(1, log.size(), log.toString());
        assertTrue(log.get(0).startsWith("Session 1 logged on with ResetSeqNumFlag (141=Y)"), log.get(0));
        assertFalse(log.get(0).contains("SEQUENCE RESET"), log.get(0));
        assertEquals(3, counters.get(ProbeCounters.Count.SEQUENCE_RESETS));
    }
}
