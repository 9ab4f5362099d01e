package io.sonde.exchange.engine;

import io.sonde.exchange.engine.EngineHarness.Report;
import io.sonde.exchange.sbe.OpenOrderStatusDecoder;
import io.sonde.exchange.sbe.OrderAcceptedDecoder;
import io.sonde.exchange.sbe.OrderNotOpenDecoder;
import io.sonde.exchange.sbe.OrderReplacedDecoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.sonde.exchange.sbe.Side.BUY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A gateway sends again, after a leader change, the commands the old leader may not have committed: the engine
 * applies each numbered command once, and answers a new order it drops with the order's status.
 */
class CommandResendTest
{
    private static final long ALICE = 11;
    private static final long BOB = 22;
    private static final long GATEWAY = 0x5EED_0001L;
    private static final long OTHER_GATEWAY = 0x5EED_0002L;

    private final EngineHarness exchange = new EngineHarness();

    @Test
    void aNewOrderSentAgainIsNotAppliedTwiceButAnsweredWithItsStatus()
    {
        exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);

        final List<Report> answer = exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);

        assertEquals(1, answer.size());
        assertEquals(OpenOrderStatusDecoder.TEMPLATE_ID, answer.get(0).templateId());
        assertEquals("b1", answer.get(0).clOrdId());
        assertEquals('I', answer.get(0).execType());
        assertEquals('0', answer.get(0).ordStatus());
        assertEquals(1, exchange.engine.openOrderCount());
        assertEquals(1, exchange.engine.ordersAccepted());
        assertEquals(1, exchange.engine.duplicateCommands());
    }

    @Test
    void aCommandSentAgainWhoseAnswersAreKeptIsAnsweredWithThemAndNeverWithAStatus()
    {
        exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);
        exchange.numbered(GATEWAY, 2).cancel(ALICE, "c1", "b1");
        exchange.keepingAnswers();

        assertEquals(List.of(), exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00),
            "no ExecType I: the listener gave the first answers again");
        assertEquals(List.of(), exchange.numbered(GATEWAY, 2).cancel(ALICE, "c1", "b1"));
        assertEquals(List.of(1L, 2L), exchange.answeredAgain);
        assertEquals(0, exchange.engine.openOrderCount(), "nothing applied twice");
        assertEquals(2, exchange.engine.duplicateCommands());
    }

    @Test
    void aNewOrderSentAgainAfterItTradedAwayIsAnsweredThatItIsNoLongerOpen()
    {
        exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);
        exchange.numbered(GATEWAY, 2).sell(BOB, "s1", 100, 10.00);

        final List<Report> answer = exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);

        assertEquals(1, answer.size());
        assertEquals(OrderNotOpenDecoder.TEMPLATE_ID, answer.get(0).templateId());
        assertEquals("b1", answer.get(0).clOrdId());
        assertEquals(1, exchange.engine.trades(), "the resent buy does not trade again");
        assertEquals(2, exchange.engine.ordersAccepted());
    }

    @Test
    void aResendOfSeveralCommandsAppliesOnlyThoseAfterTheLastApplied()
    {
        exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);
        exchange.numbered(GATEWAY, 2).buy(ALICE, "b2", 100, 10.00);

        exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);
        exchange.numbered(GATEWAY, 2).buy(ALICE, "b2", 100, 10.00);
        final List<Report> third = exchange.numbered(GATEWAY, 3).buy(ALICE, "b3", 100, 10.00);

        assertEquals(OrderAcceptedDecoder.TEMPLATE_ID, third.get(0).templateId());
        assertEquals(3, exchange.engine.openOrderCount());
        assertEquals(2, exchange.engine.duplicateCommands());
    }

    @Test
    void aCancelSentAgainIsDroppedAndCancelsNothingElse()
    {
        exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);
        exchange.numbered(GATEWAY, 2).cancel(ALICE, "c1", "b1");
        exchange.numbered(GATEWAY, 3).buy(ALICE, "b1", 50, 10.00);

        final List<Report> answer = exchange.numbered(GATEWAY, 2).cancel(ALICE, "c1", "b1");

        assertEquals(List.of(), answer, "the order that took the ClOrdID again stays open, and nothing is rejected");
        assertEquals(1, exchange.engine.openOrderCount());
        assertEquals(1, exchange.engine.duplicateCommands());
    }

    @Test
    void aReplaceSentAgainIsAnsweredWithTheStatusOfTheOrderUnderItsNewClOrdId()
    {
        exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);
        final List<Report> replaced = exchange.numbered(GATEWAY, 2).replace(ALICE, "b1-r", "b1", BUY, 80, 10.00);
        assertEquals(OrderReplacedDecoder.TEMPLATE_ID, replaced.get(0).templateId());

        final List<Report> answer = exchange.numbered(GATEWAY, 2).replace(ALICE, "b1-r", "b1", BUY, 80, 10.00);

        assertEquals(1, answer.size());
        assertEquals(OpenOrderStatusDecoder.TEMPLATE_ID, answer.get(0).templateId());
        assertEquals("b1-r", answer.get(0).clOrdId());
        assertEquals(80, answer.get(0).leaves());
    }

    @Test
    void aMassCancelSentAgainCancelsNothingNewerThanItself()
    {
        exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);
        exchange.numbered(GATEWAY, 2).massCancel(ALICE);
        exchange.numbered(GATEWAY, 3).buy(ALICE, "b2", 100, 10.00);

        assertEquals(List.of(), exchange.numbered(GATEWAY, 2).massCancel(ALICE));
        assertEquals(1, exchange.engine.openOrderCount());
    }

    @Test
    void eachGatewayIsNumberedOnItsOwn()
    {
        exchange.numbered(GATEWAY, 5).buy(ALICE, "b1", 100, 10.00);

        final List<Report> answer = exchange.numbered(OTHER_GATEWAY, 1).buy(BOB, "b1", 100, 10.00);

        assertEquals(OrderAcceptedDecoder.TEMPLATE_ID, answer.get(0).templateId());
        assertEquals(2, exchange.engine.openOrderCount());
    }

    @Test
    void commandsWithoutNumbersAreAppliedAsTheyCome()
    {
        exchange.buy(ALICE, "b1", 100, 10.00);
        exchange.cancel(ALICE, "c1", "b1");
        exchange.buy(ALICE, "b1", 100, 10.00);

        assertEquals(1, exchange.engine.openOrderCount());
        assertEquals(2, exchange.engine.ordersAccepted());
        assertEquals(0, exchange.engine.duplicateCommands());
    }

    @Test
    void aSnapshotCarriesEachGatewaysLastAppliedCommand()
    {
        exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);
        exchange.numbered(GATEWAY, 2).buy(ALICE, "b2", 100, 10.10);
        exchange.numbered(OTHER_GATEWAY, 7).buy(BOB, "b1", 100, 10.20);

        final EngineHarness restored = restoredFrom(exchange.engine);

        assertEquals(exchange.engine.digest(), restored.engine.digest());
        final List<Report> resent = restored.numbered(GATEWAY, 2).buy(ALICE, "b2", 100, 10.10);
        assertEquals(OpenOrderStatusDecoder.TEMPLATE_ID, resent.get(0).templateId(), "dropped after the restore");
        final List<Report> resentOther = restored.numbered(OTHER_GATEWAY, 7).buy(BOB, "b1", 100, 10.20);
        assertEquals(OpenOrderStatusDecoder.TEMPLATE_ID, resentOther.get(0).templateId());
        final List<Report> next = restored.numbered(GATEWAY, 3).buy(ALICE, "b3", 100, 10.00);
        assertEquals(OrderAcceptedDecoder.TEMPLATE_ID, next.get(0).templateId());
        assertEquals(4, restored.engine.openOrderCount());
    }

    @Test
    void theDigestSeesAGatewaysLastAppliedCommand()
    {
        final EngineHarness other = new EngineHarness();
        exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);
        other.numbered(GATEWAY, 2).buy(ALICE, "b1", 100, 10.00);

        assertNotEquals(exchange.engine.digest(), other.engine.digest());
    }

    @Test
    void replayingALogWithResendsRebuildsTheSameStateAndAnswers()
    {
        exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);
        exchange.numbered(GATEWAY, 2).sell(BOB, "s1", 40, 10.00);
        exchange.numbered(GATEWAY, 1).buy(ALICE, "b1", 100, 10.00);
        exchange.numbered(GATEWAY, 2).sell(BOB, "s1", 40, 10.00);
        exchange.numbered(GATEWAY, 3).cancel(ALICE, "c1", "b1");
        exchange.numbered(OTHER_GATEWAY, 1).buy(BOB, "b9", 10, 9.00);
        exchange.numbered(GATEWAY, 3).cancel(ALICE, "c1", "b1");
        assertEquals(3, exchange.engine.duplicateCommands());

        final EngineHarness replayed = new EngineHarness();
        exchange.commands.forEach(replayed::replay);

        assertEquals(exchange.engine.digest(), replayed.engine.digest());
        assertEquals(exchange.reports, replayed.reports);
        assertEquals(exchange.engine.duplicateCommands(), replayed.engine.duplicateCommands());
    }

    @Test
    void aSnapshotWithoutGatewaysStillLoads()
    {
        exchange.buy(ALICE, "b1", 100, 10.00);

        final EngineHarness restored = restoredFrom(exchange.engine);

        assertEquals(exchange.engine.digest(), restored.engine.digest());
        assertEquals(1, restored.engine.openOrderCount());
    }

    private static EngineHarness restoredFrom(final MatchingEngine engine)
    {
        final List<byte[]> snapshot = new ArrayList<>();
        EngineSnapshot.write(engine, (buffer, offset, length) ->
        {
            final byte[] copy = new byte[length];
            buffer.getBytes(offset, copy);
            snapshot.add(copy);
        });
        final EngineHarness restored = new EngineHarness();
        final EngineSnapshot loader = EngineSnapshot.loaderInto(restored.engine);
        snapshot.forEach(message -> loader.onMessage(new UnsafeBuffer(message), 0, message.length));
        assertTrue(loader.isComplete());
        return restored;
    }
}
