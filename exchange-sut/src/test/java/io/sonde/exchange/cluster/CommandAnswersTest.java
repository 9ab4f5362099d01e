package io.sonde.exchange.cluster;

import io.sonde.exchange.sbe.CommandAnsweredDecoder;
import io.sonde.exchange.sbe.MessageHeaderDecoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderEncoder;
import io.sonde.exchange.sbe.OrderStatusQueryEncoder;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A command its gateway sends again after a leader change, which the engine had applied, is answered again with
 * exactly what answered it the first time, led by its number; what the record cannot hold any more is not found,
 * never answered with another command's events.
 */
class CommandAnswersTest
{
    private static final long GATEWAY = 0x5EED_0001L;
    private static final long OTHER_GATEWAY = 0x5EED_0002L;
    private static final long SESSION = 7;
    private static final long OTHER_SESSION = 8;
    private static final int EVENT_LENGTH = 40;

    private final CommandAnswers answers = new CommandAnswers(1024, 16);
    private final ExpandableArrayBuffer command = new ExpandableArrayBuffer();
    private final List<byte[]> offered = new ArrayList<>();
    private final CommandAnswers.Offer collect = (buffer, offset, length) ->
    {
        final byte[] bytes = new byte[length];
        buffer.getBytes(offset, bytes);
        offered.add(bytes);
    };

    @Test
    void aCommandSentAgainIsAnsweredWithTheEventsThatAnsweredItTheFirstTime()
    {
        final byte[] first = apply(GATEWAY, 3, SESSION, 'a', 'b');

        assertTrue(answers.answerAgain(GATEWAY, 3, collect));

        assertEquals(2, offered.size());
        assertEquals(new String(first), new String(offered.get(0)), "the first answer as it was offered");
        assertEquals(event('b').length, offered.get(1).length);
        assertEquals('b', offered.get(1)[0]);
    }

    @Test
    void theFirstAnswerOfANumberedCommandIsLedByItsNumberAndOnlyTheFirst()
    {
        answers.onCommand(newOrder(GATEWAY, 42), 0, commandLength(), SESSION);

        final DirectBuffer led = answers.keep(new UnsafeBuffer(event('a')), 0, EVENT_LENGTH);
        final MessageHeaderDecoder header = new MessageHeaderDecoder().wrap(led, 0);
        assertEquals(CommandAnsweredDecoder.TEMPLATE_ID, header.templateId());
        assertEquals(42, new CommandAnsweredDecoder().wrap(led, MessageHeaderDecoder.ENCODED_LENGTH,
            header.blockLength(), header.version()).commandSequence());
        final int ledBy = MessageHeaderDecoder.ENCODED_LENGTH + CommandAnsweredDecoder.BLOCK_LENGTH;
        assertEquals(ledBy + EVENT_LENGTH, answers.keptLength());
        assertEquals('a', led.getByte(ledBy));

        answers.keep(new UnsafeBuffer(event('b')), 0, EVENT_LENGTH);
        assertEquals(EVENT_LENGTH, answers.keptLength(), "the second answer goes as it is");
    }

    @Test
    void onlyANumberedCommandsAnswersOnItsOwnConnectionAreKept()
    {
        answers.onCommand(newOrder(GATEWAY, 1), 0, commandLength(), SESSION);
        assertTrue(answers.answers(SESSION));
        assertFalse(answers.answers(OTHER_SESSION), "the other side of a trade, on another gateway");
        answers.onCommandDone();
        assertFalse(answers.answers(SESSION), "between commands");

        answers.onCommand(newOrder(NewOrderEncoder.gatewayIdNullValue(), 2), 0, commandLength(), SESSION);
        assertFalse(answers.answers(SESSION), "a command nobody numbered");

        new OrderStatusQueryEncoder().wrapAndApplyHeader(command, 0, new MessageHeaderEncoder());
        answers.onCommand(command, 0, MessageHeaderEncoder.ENCODED_LENGTH + OrderStatusQueryEncoder.BLOCK_LENGTH,
            SESSION);
        assertFalse(answers.answers(SESSION), "a query changes nothing and is answered afresh");
    }

    @Test
    void aCommandThatWasNeverAnsweredHereIsNotFound()
    {
        apply(GATEWAY, 1, SESSION, 'a');

        assertFalse(answers.answerAgain(GATEWAY, 2, collect));
        assertFalse(answers.answerAgain(OTHER_GATEWAY, 1, collect), "another gateway's command of the same number");
        assertEquals(List.of(), offered);
    }

    @Test
    void answersTheRingHasOverwrittenAreNotFoundAndTheRecentOnesAreAcrossItsEnd()
    {
        for (int sequence = 1; sequence <= 40; sequence++)
        {
            apply(GATEWAY, sequence, SESSION, (char)('a' + sequence % 26), 'z');
        }

        assertFalse(answers.answerAgain(GATEWAY, 1, collect), "overwritten long ago");
        for (int sequence = 40; sequence > 36; sequence--)
        {
            offered.clear();
            assertTrue(answers.answerAgain(GATEWAY, sequence, collect), "command " + sequence);
            assertEquals(2, offered.size(), "command " + sequence);
            assertEquals('z', offered.get(1)[0]);
        }
    }

    private byte[] apply(final long gatewayId, final long sequence, final long sessionId, final char... events)
    {
        answers.onCommand(newOrder(gatewayId, sequence), 0, commandLength(), sessionId);
        byte[] first = null;
        for (final char marker : events)
        {
            final DirectBuffer kept = answers.keep(new UnsafeBuffer(event(marker)), 0, EVENT_LENGTH);
            if (first == null)
            {
                first = new byte[answers.keptLength()];
                kept.getBytes(0, first);
            }
        }
        answers.onCommandDone();
        return first;
    }

    private DirectBuffer newOrder(final long gatewayId, final long sequence)
    {
        new NewOrderEncoder().wrapAndApplyHeader(command, 0, new MessageHeaderEncoder())
            .ownerId(1).clOrdId("c" + sequence).gatewayId(gatewayId).commandSequence(sequence);
        return command;
    }

    private static int commandLength()
    {
        return MessageHeaderEncoder.ENCODED_LENGTH + NewOrderEncoder.BLOCK_LENGTH;
    }

    private static byte[] event(final char marker)
    {
        final byte[] event = new byte[EVENT_LENGTH];
        event[0] = (byte)marker;
        return event;
    }
}
