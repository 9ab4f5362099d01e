package io.sonde.exchange.gateway;

import io.sonde.fix.codecs.decoder.HeaderDecoder;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * Which of the messages Artio's library hands one session's handler the gateway may act on. The library
 * delivers every message, also those its session layer has just refused: one that drew a session Reject,
 * one that arrived after a sequence gap (a ResendRequest went out, and the client must send it again once
 * the gap is filled), one from a session already logging out. Those are marked invalid and must never reach
 * the engine. And, as FIX prescribes, a PossDupFlag (43) = Y message whose MsgSeqNum is below the next
 * expected passes the session layer as valid: it is acted on only if this session has not acted on that
 * sequence number already, so a resent order never executes twice.
 * <p>
 * Valid messages arrive in sequence order, so the last sequence number acted on is all there is to
 * remember; a sequence reset (a Logon with ResetSeqNumFlag mid-session) restarts it with its first
 * in-order message. One instance per session, used on the gateway's thread only.
 */
final class InboundGate
{
    private final MutableAsciiBuffer ascii = new MutableAsciiBuffer();
    private final HeaderDecoder header = new HeaderDecoder();
    private final char[] senderCompId;
    private int lastActedOn;
    private int admitted;

    InboundGate(final String senderCompId)
    {
        this.senderCompId = senderCompId.toCharArray();
    }

    /**
     * @return true when the gateway should act on the message; call {@link #actedOn()} once it has, and not
     * when it must be offered again (back-pressure), so the retry is not mistaken for a repeat.
     */
    boolean admit(final DirectBuffer buffer, final int offset, final int length, final OnMessageInfo info)
    {
        if (!info.isValid())
        {
            return false;
        }
        ascii.wrap(buffer, offset, length);
        header.reset();
        header.decode(ascii, 0, length);
        final int sequence = header.msgSeqNum();
        final boolean possibleDuplicate = header.hasPossDupFlag() && header.possDupFlag();
        if (possibleDuplicate && sequence <= lastActedOn)
        {
            return false;
        }
        admitted = sequence;
        return true;
    }

    void actedOn()
    {
        lastActedOn = admitted;
    }

    /**
     * Whether a message the session layer refused came from another SenderCompID than the session's. Artio
     * answers it with a session Reject (CompID problem) and carries on; FIX asks for a Logout and a disconnect
     * after that Reject, which is the caller's to send.
     */
    boolean isFromAnotherSender(final DirectBuffer buffer, final int offset, final int length)
    {
        ascii.wrap(buffer, offset, length);
        header.reset();
        header.decode(ascii, 0, length);
        if (header.senderCompIDLength() != senderCompId.length)
        {
            return true;
        }
        final char[] sender = header.senderCompID();
        for (int i = 0; i < senderCompId.length; i++)
        {
            if (sender[i] != senderCompId[i])
            {
                return true;
            }
        }
        return false;
    }
}
